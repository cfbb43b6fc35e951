import { MAX_UPLOAD_BYTES, multipartBodyLimit } from '../../contract/documents';

/**
 * Every action reads its body as a form (HTML forms send nothing else). A post whose body is not a
 * form, is a form that cannot be read (a multipart body cut short, a wrong boundary), or is bigger
 * than any form of ours, is answered here, once for every route, with a page saying so: an action
 * never meets a body it cannot parse, and no body is parsed before its size is known to be ours.
 */
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

/** The most a form without a file may be: the longest of ours (a damage description) is a few KB. */
export const MAX_FORM_BYTES = 64 * 1024;

/**
 * The most a form with a file may be: twice the platform's largest upload, so a file a little over
 * its limit still reaches the platform and comes back as its message by the upload ("That file is
 * bigger than 10 MB"); beyond that it is nobody's photo.
 */
export const MAX_UPLOAD_FORM_BYTES = multipartBodyLimit(2 * MAX_UPLOAD_BYTES.document);

/**
 * The steps that take a file (remix.config.js): the profile's photos and the documents' pages, as
 * a document or as a client-side navigation's data request (`.data`). A request for bank details
 * shares the `request/` prefix and takes no file.
 */
const UPLOAD_PATH =
  /^\/[^/]+\/(?:profile\/photos|(?:get-ahead\/)?upload-documents(?:\/[^/]+)?|request\/(?!bank-details(?:\/|$|\.data))[^/]+|automated-docs-upload(?:\/[^/]+)?)\/?$/;

export function bodyLimitFor(pathname: string): number {
  return UPLOAD_PATH.test(pathname.replace(/\.data$/, '')) ? MAX_UPLOAD_FORM_BYTES : MAX_FORM_BYTES;
}

export type BodyProblem =
  { status: 415; reason: 'not_a_form' } | { status: 400; reason: 'unreadable_form' } | { status: 413; reason: 'too_large'; limit: number };

/**
 * Whether the declared Content-Length is over `limit`; one that is not a length at all cannot be
 * honoured either (the runtime normally refuses it before we see it).
 */
function declaresMoreThan(request: Request, limit: number): boolean {
  const declared = request.headers.get('content-length');
  if (declared === null) return false;
  return !/^\d{1,15}$/.test(declared.trim()) || Number(declared) > limit;
}

/** The body's bytes, or null as soon as they pass `limit` (a chunked body says its length nowhere). */
async function readAtMost(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
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
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** A post's body read once as a form (`form`), or what is wrong with it (`problem`); nothing for other methods. */
export async function readFormBody(request: Request): Promise<{ problem: BodyProblem | null; form: FormData | null }> {
  if (request.method !== 'POST') return { problem: null, form: null };
  const contentType = request.headers.get('content-type') ?? '';
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(type)) return { problem: { status: 415, reason: 'not_a_form' }, form: null };
  const limit = bodyLimitFor(new URL(request.url).pathname);
  const tooLarge = { problem: { status: 413, reason: 'too_large', limit } as const, form: null };
  if (declaresMoreThan(request, limit)) return tooLarge;
  try {
    // A copy: the action reads the original. Parsing twice costs far less than a form lost to a 500,
    // and the copy is read only up to the limit, so the original is never more than that either.
    const bytes = await readAtMost(request.clone().body, limit);
    if (!bytes) return tooLarge;
    return { problem: null, form: await new Response(bytes, { headers: { 'content-type': contentType } }).formData() };
  } catch {
    return { problem: { status: 400, reason: 'unreadable_form' }, form: null };
  }
}
