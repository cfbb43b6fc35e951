import { multipartBodyLimit, tooBigMessage } from '../../contract/documents';
import type { GatewayErrorBody } from '../../contract/gateway';

export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

export function errorResponse(status: number, code: string, message: string): Response {
  const body: GatewayErrorBody = { code, message };
  return json(body, status);
}

/**
 * A generated image. SVG can carry script, so even our own gets a CSP that allows nothing but its
 * inline styles, in case someone opens it directly rather than through an <img>.
 */
export function svgResponse(body: string): Response {
  return new Response(body, {
    headers: {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=86400',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'x-content-type-options': 'nosniff',
    },
  });
}

/** A whole-number query parameter within [1, max], its default when absent, or null when it is not one. */
export function limitParam(value: string | null, fallback: number, max: number): number | null {
  if (value === null || value === '') return fallback;
  if (!/^\d{1,4}$/.test(value)) return null;
  const n = Number(value);
  return n < 1 ? null : Math.min(n, max);
}

/**
 * How big a request body may be, uploads aside (they have their own limits, contract/documents.ts):
 * every JSON body the app sends is a few KB, so a bigger one is refused before it is parsed.
 */
export const MAX_BODY_BYTES = 64 * 1024;

/** Thrown by the body readers when a body passes its limit; the entry point answers it with a 413. */
export class PayloadTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`The request body is over ${limit} bytes`);
  }
}

export const payloadTooLarge = () => errorResponse(413, 'payload_too_large', 'The request body is too large');

/**
 * Whether the declared Content-Length is over `limit`. A value that is not a length (nobody's
 * runtime sends one, but a header is anyone's word) counts as over: it cannot be honoured.
 */
export function declaresMoreThan(request: Request, limit: number): boolean {
  const declared = request.headers.get('content-length');
  if (declared === null) return false;
  return !/^\d{1,15}$/.test(declared.trim()) || Number(declared) > limit;
}

/**
 * The body as text, read only up to `limit` bytes: a declared length over it is refused before a
 * byte is read, and a body without one (chunked) is abandoned as soon as it passes it. Throws
 * PayloadTooLarge.
 */
export async function readBodyText(request: Request, limit = MAX_BODY_BYTES): Promise<string> {
  if (declaresMoreThan(request, limit)) throw new PayloadTooLarge(limit);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      // Not awaited: a copy's cancel settles only once the original is cancelled too (the spec's
      // tee), and the original is never read after this.
      reader.cancel().catch(() => {});
      throw new PayloadTooLarge(limit);
    }
    chunks.push(value);
  }
  const decoder = new TextDecoder();
  return chunks.map((chunk) => decoder.decode(chunk, { stream: true })).join('') + decoder.decode();
}

/** A request body that is not JSON, or not an object, is the caller's mistake: 400 (over the limit: 413). */
export async function readJsonObject(request: Request, limit = MAX_BODY_BYTES): Promise<Record<string, unknown> | null> {
  const text = await readBodyText(request, limit);
  try {
    const body = JSON.parse(text) as unknown;
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * An upload's multipart form, read only up to what a file of `fileLimit` and the form around it
 * take: a declared content-length over it is refused before a byte is read, and a body without
 * one (chunked) is abandoned as soon as it passes it. The answer instead of the form says the file
 * is too big, in the words the seller sees.
 */
export async function readMultipart(request: Request, fileLimit: number): Promise<FormData | Response> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) return errorResponse(400, 'bad_request', 'Send the file as multipart/form-data');
  const cap = multipartBodyLimit(fileLimit);
  if (declaresMoreThan(request, cap)) return fileTooLarge(fileLimit);
  const body = await readAtMost(request.body, cap);
  if (!body) return fileTooLarge(fileLimit);
  try {
    return await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    return errorResponse(400, 'bad_request', 'The form could not be read');
  }
}

/** The whole body over the cap, or just the file over its limit: the same answer either way. */
export const fileTooLarge = (limit: number) => errorResponse(413, 'file_too_large', tooBigMessage(limit));

async function readAtMost(stream: ReadableStream<Uint8Array> | null, cap: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!stream) return new Uint8Array();
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > cap) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
