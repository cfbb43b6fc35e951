/**
 * Gzip that flushes what it has whenever the source pauses (ADR 011).
 *
 * The runtime's own encoder (workerd's, which both `wrangler dev` and Miniflare put in front of
 * every text/html and single-fetch response, and `CompressionStream`) only emits output once its
 * buffer fills or the body ends, so a streamed page arrived all at once: shell and deferred
 * sections together. This one compresses each burst of chunks (React writes the shell as many
 * chunks in one go) and sync-flushes at the end of the burst, so every streamed segment reaches
 * the browser as soon as it is rendered, still compressed. The compressing is the runtime's native
 * zlib (ADR 030): in JavaScript it was a third of the vehicle page's server time.
 */
export function flushingGzip(): TransformStream<Uint8Array, Uint8Array> {
  // The runtime's `node:zlib` (the `nodejs_compat` flag), read at run time rather than imported,
  // so the worker's bundle needs no Node built-ins resolved.
  const { createGzip, constants } = process.getBuiltinModule('node:zlib');
  const gzip = createGzip({ level: 6 });
  let pending: ReturnType<typeof setTimeout> | null = null;
  let failed: Error | null = null;
  const ended = new Promise<void>((resolve, reject) => {
    gzip.once('end', resolve);
    gzip.once('error', (error: Error) => reject((failed = new Error(`gzip failed: ${error.message}`))));
  });
  ended.catch(() => {});
  return new TransformStream<Uint8Array, Uint8Array>({
    start(controller) {
      // A copy: the encoder may reuse its output buffer.
      gzip.on('data', (chunk: Uint8Array) => {
        if (chunk.length) controller.enqueue(new Uint8Array(chunk));
      });
    },
    transform(chunk) {
      if (failed) throw failed;
      gzip.write(chunk);
      // One flush per burst, not per chunk: a sync flush costs bytes and ends a deflate block.
      pending ??= setTimeout(() => {
        pending = null;
        // A client that went away between the chunk and the flush leaves nothing to send.
        if (!failed) gzip.flush(constants.Z_SYNC_FLUSH, () => {});
      }, 0);
    },
    async flush() {
      if (pending) clearTimeout(pending);
      pending = null;
      gzip.end();
      await ended;
    },
  });
}

/** Whether the client takes gzip (a `q=0` refuses it). */
export function acceptsGzip(acceptEncoding: string | null): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/** Header the document renderer sets on a response whose body is still being rendered. */
export const STREAMED_HEADER = 'X-Kerbside-Streamed';

/**
 * A response that streams (a document with deferred sections still pending, or a single-fetch data
 * request) compressed here with per-burst flushes, marked so that no later layer encodes it again.
 * Everything else is left to the platform's encoder, which costs the worker no CPU.
 */
export function compressStreamed(request: Request, response: Response): Response {
  const streamed = response.headers.has(STREAMED_HEADER);
  if (streamed) response.headers.delete(STREAMED_HEADER);
  const data = new URL(request.url).pathname.endsWith('.data') && (response.headers.get('content-type') ?? '').startsWith('text/x-script');
  if (!(streamed || data) || !response.body || response.headers.has('content-encoding')) return response;
  if (!acceptsGzip(request.headers.get('accept-encoding'))) return response;
  const headers = new Headers(response.headers);
  headers.set('Content-Encoding', 'gzip');
  headers.delete('Content-Length');
  headers.append('Vary', 'Accept-Encoding');
  return new Response(response.body.pipeThrough(flushingGzip()), {
    status: response.status,
    statusText: response.statusText,
    headers,
    // The bytes are gzip already: the runtime must send them as they are.
    encodeBody: 'manual',
  } as ResponseInit);
}
