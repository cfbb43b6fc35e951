import {
  checkUpload,
  cleanFileName,
  DOCUMENT_KIND_IDS,
  DOCUMENT_KINDS,
  isDocumentKind,
  isPhotoSlot,
  isSharp,
  MAX_DOCUMENTS_PER_KIND,
  MAX_UPLOAD_BYTES,
  multipartBodyLimit,
  measureSharpness,
  PHOTO_SLOTS,
  sniffContentType,
  STRUCTURE_MESSAGES,
  tooBigMessage,
  type DocumentKind,
  type DocumentRequest,
  type DocumentsState,
  type PhotoSlotId,
  type PhotosState,
  type UploadContentType,
  type UploadedDocument,
  type VehiclePhoto,
} from '../../../contract/documents';
import { checkStructure } from '../../../contract/file-structure';
import { requireCustomer } from '../auth';
import type { PlatformEnv } from '../env';
import { errorResponse, json, readJsonObject } from '../http';
import { PROVEN_ADDRESS, requireOwnEnquiry } from './ownership';
import { clockNowIso } from '../clock';

/**
 * Sellers' documents and guided photos (docs/behaviour/gateway.md#journey-calls "Marketplace and documents", "Premium"), kept
 * in R2 with a D1 row each. Every check runs on the bytes: the declared type and the file name are
 * whatever the seller's device says, so neither decides anything.
 */

interface DocumentRow {
  id: string;
  enquiry_id: number;
  kind: DocumentKind;
  r2_key: string;
  content_type: UploadContentType;
  size: number;
  original_name: string | null;
  sharpness: number | null;
  uploaded_at: string;
  submitted_at: string | null;
  deleted_at: string | null;
}

interface PhotoRow {
  enquiry_id: number;
  slot: PhotoSlotId;
  r2_key: string;
  content_type: UploadContentType;
  size: number;
  sharpness: number | null;
  uploaded_at: string;
}

const EXTENSIONS: Record<UploadContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
};

/* ---------------------------------------------------------------------------------------------- */
/* Documents                                                                                       */
/* ---------------------------------------------------------------------------------------------- */

/** POST /platform/vehicle/documents/upload, multipart: enquiryId, kind, file. */
export async function uploadDocument(request: Request, env: PlatformEnv): Promise<Response> {
  const form = await readMultipart(request, MAX_UPLOAD_BYTES.document);
  if (form instanceof Response) return form;
  const owned = await requireOwnEnquiry(request, env, toEnquiryId(form.get('enquiryId')), PROVEN_ADDRESS);
  if (owned instanceof Response) return owned;
  const enquiryId = owned.enquiry.id;
  const kind = form.get('kind');
  if (!isDocumentKind(kind)) return errorResponse(400, 'bad_request', `kind must be one of: ${DOCUMENT_KIND_IDS.join(', ')}`);
  const file = form.get('file');
  if (!(file instanceof File)) return errorResponse(400, 'invalid_file', 'Choose a file to upload');
  if (file.size > MAX_UPLOAD_BYTES.document) return fileTooLarge(MAX_UPLOAD_BYTES.document);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const check = checkUpload({ kind, bytes });
  if (!check.ok) return errorResponse(400, 'invalid_file', check.message);

  const held = await env.DB.prepare('SELECT count(*) AS n FROM documents WHERE enquiry_id = ?1 AND kind = ?2 AND deleted_at IS NULL')
    .bind(enquiryId, kind)
    .first<{ n: number }>();
  if ((held?.n ?? 0) >= MAX_DOCUMENTS_PER_KIND) {
    return errorResponse(
      409,
      'too_many_documents',
      `You can upload up to ${MAX_DOCUMENTS_PER_KIND} files for the ${DOCUMENT_KINDS[kind].label}. Remove one first.`,
    );
  }

  const stored = check.bytes;
  const id = crypto.randomUUID();
  const key = `documents/${enquiryId}/${kind}/${id}`;
  await env.DOCUMENTS.put(key, stored, {
    httpMetadata: { contentType: check.contentType },
    customMetadata: { enquiryId: String(enquiryId), kind, documentId: id },
  });
  let row: DocumentRow | null;
  try {
    row = await env.DB.prepare(
      `INSERT INTO documents (id, enquiry_id, kind, r2_key, content_type, size, original_name, sharpness, uploaded_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) RETURNING *`,
    )
      .bind(
        id,
        enquiryId,
        kind,
        key,
        check.contentType,
        stored.length,
        cleanFileName(file.name),
        measureSharpness(stored).score,
        clockNowIso(),
      )
      .first<DocumentRow>();
  } catch (error) {
    // Without its row nobody could ever find or delete the object: take it away again.
    await env.DOCUMENTS.delete(key);
    throw error;
  }
  return json({ document: toDocument(row!) }, 201);
}

/**
 * POST /platform/vehicle/documents/checkSharpness, multipart: file (and enquiryId when the app has
 * one). Nothing is stored: the app asks before uploading so it can suggest another photo.
 */
export async function checkSharpness(request: Request, env: PlatformEnv): Promise<Response> {
  const form = await readMultipart(request, MAX_UPLOAD_BYTES.document);
  if (form instanceof Response) return form;
  const enquiryId = form.get('enquiryId') ?? new URL(request.url).searchParams.get('enquiryId');
  const allowed = enquiryId === null ? await requireCustomer(request, env) : await requireOwnEnquiry(request, env, toEnquiryId(enquiryId));
  if (allowed instanceof Response) return allowed;
  const file = form.get('file');
  if (!(file instanceof File)) return errorResponse(400, 'invalid_file', 'Choose a file to check');
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.length === 0) return errorResponse(400, 'invalid_file', 'That file is empty');
  const contentType = sniffContentType(bytes);
  if (!contentType) return errorResponse(400, 'invalid_file', 'Upload a photo (JPEG, PNG, WebP or HEIC) or a PDF');
  const structure = checkStructure(bytes, contentType);
  if (!structure.ok) return errorResponse(400, 'invalid_file', STRUCTURE_MESSAGES[structure.problem]);
  return json(measureSharpness(bytes.subarray(0, structure.length)));
}

/** POST /platform/vehicle/documents/review/markAsSubmitted {enquiryId}: sends the documents for checking. */
export async function markAsSubmitted(request: Request, env: PlatformEnv): Promise<Response> {
  const body = await readJsonObject(request);
  const owned = await requireOwnEnquiry(request, env, toEnquiryId(body?.enquiryId), PROVEN_ADDRESS);
  if (owned instanceof Response) return owned;
  const enquiryId = owned.enquiry.id;
  const state = await documentsState(env, enquiryId);
  const missing = state.kinds.filter((k) => k.required && !k.complete);
  if (missing.length > 0) {
    return json(
      {
        code: 'documents_missing',
        message: `Upload these first: ${missing.map((k) => k.label).join(', ')}`,
        missing: missing.map((k) => k.kind),
      },
      409,
    );
  }
  await env.DB.prepare('UPDATE documents SET submitted_at = ?2 WHERE enquiry_id = ?1 AND deleted_at IS NULL AND submitted_at IS NULL')
    .bind(enquiryId, clockNowIso())
    .run();
  return json(await documentsState(env, enquiryId));
}

/** POST /platform/vehicle/documents/delete {enquiryId, documentId} */
export async function deleteDocument(request: Request, env: PlatformEnv): Promise<Response> {
  const body = await readJsonObject(request);
  const owned = await requireOwnEnquiry(request, env, toEnquiryId(body?.enquiryId), PROVEN_ADDRESS);
  if (owned instanceof Response) return owned;
  const row = await findDocument(env, owned.enquiry.id, typeof body?.documentId === 'string' ? body.documentId : '');
  if (!row) return documentNotFound();
  // The object goes first: if the row update then fails, a retry finds the row and deletes again
  // (R2 deletes are idempotent), whereas the other order could leave a seller's licence behind.
  await env.DOCUMENTS.delete(row.r2_key);
  const deletedAt = clockNowIso();
  await env.DB.prepare('UPDATE documents SET deleted_at = ?2 WHERE id = ?1').bind(row.id, deletedAt).run();
  return json({ deleted: { id: row.id, deletedAt } });
}

/** GET /platform/vehicle/documents/state?enquiryId= */
export async function documentsStateEndpoint(request: Request, env: PlatformEnv): Promise<Response> {
  const owned = await requireOwnEnquiry(request, env, toEnquiryId(new URL(request.url).searchParams.get('enquiryId')), PROVEN_ADDRESS);
  if (owned instanceof Response) return owned;
  return json(await documentsState(env, owned.enquiry.id));
}

/** GET /platform/vehicle/documents/:id/file?enquiryId=: the file itself, for its owner to check. */
export async function documentFile(
  request: Request,
  env: PlatformEnv,
  _ctx: ExecutionContext,
  params: Record<string, string>,
): Promise<Response> {
  const owned = await requireOwnEnquiry(request, env, toEnquiryId(new URL(request.url).searchParams.get('enquiryId')), PROVEN_ADDRESS);
  if (owned instanceof Response) return owned;
  const row = await findDocument(env, owned.enquiry.id, params.id ?? '');
  if (!row) return documentNotFound();
  const name = row.original_name === null ? null : cleanFileName(row.original_name);
  return streamObject(env, row.r2_key, row.content_type, name ?? `${row.kind}.${EXTENSIONS[row.content_type]}`);
}

/** Why the check asks again for a kind whose every submitted file is too blurred to read. */
export const UNREADABLE_REASON = 'the photo is too blurred to read';

/**
 * The buying dealer's document check, as far as it is simulated: a kind whose every submitted file
 * is an unreadable photo (sharpness below the threshold the upload warns at) is asked for again.
 * Requests the check had open for a kind now readable are fulfilled. Returns the requests it made
 * (the caller tells the seller) and whether anything is still owed.
 */
export async function checkSubmittedDocuments(
  env: PlatformEnv,
  enquiryId: number,
): Promise<{ passed: boolean; requested: DocumentRequest[] }> {
  const state = await documentsState(env, enquiryId);
  const now = clockNowIso();
  const unreadable = state.kinds
    .filter((k) => {
      const submitted = k.documents.filter((d) => d.submittedAt !== null);
      return submitted.length > 0 && submitted.every((d) => !d.sharp);
    })
    .map((k) => k.kind);
  const open = new Set(state.requests.map((r) => r.kind));
  const fulfilled = state.requests.filter((r) => !unreadable.includes(r.kind));
  const fresh = unreadable.filter((kind) => !open.has(kind));
  const statements = [
    ...fulfilled.map((r) => env.DB.prepare('UPDATE document_requests SET fulfilled_at = ?2 WHERE id = ?1').bind(r.id, now)),
    ...fresh.map((kind) =>
      env.DB.prepare('INSERT INTO document_requests (enquiry_id, kind, reason, requested_at) VALUES (?1, ?2, ?3, ?4) RETURNING id').bind(
        enquiryId,
        kind,
        UNREADABLE_REASON,
        now,
      ),
    ),
  ];
  const made = statements.length ? await env.DB.batch(statements) : [];
  const requested = fresh.map((kind, i) => ({
    id: (made[fulfilled.length + i]!.results[0] as { id: number }).id,
    kind,
    label: DOCUMENT_KINDS[kind].label,
    reason: UNREADABLE_REASON,
    requestedAt: now,
  }));
  return { passed: unreadable.length === 0, requested };
}

async function openRequests(env: PlatformEnv, enquiryId: number): Promise<DocumentRequest[]> {
  const { results } = await env.DB.prepare(
    'SELECT id, kind, reason, requested_at FROM document_requests WHERE enquiry_id = ?1 AND fulfilled_at IS NULL ORDER BY id',
  )
    .bind(enquiryId)
    .all<{ id: number; kind: DocumentKind; reason: string; requested_at: string }>();
  return results
    .filter((row) => isDocumentKind(row.kind))
    .map((row) => ({
      id: row.id,
      kind: row.kind,
      label: DOCUMENT_KINDS[row.kind].label,
      reason: row.reason,
      requestedAt: row.requested_at,
    }));
}

async function documentsState(env: PlatformEnv, enquiryId: number): Promise<DocumentsState> {
  const financeOutstanding = await hasFinanceOutstanding(env, enquiryId);
  const { results } = await env.DB.prepare('SELECT * FROM documents WHERE enquiry_id = ?1 AND deleted_at IS NULL ORDER BY uploaded_at, id')
    .bind(enquiryId)
    .all<DocumentRow>();
  const documents = results.map(toDocument);
  const kinds = DOCUMENT_KIND_IDS.map((kind) => {
    const info = DOCUMENT_KINDS[kind];
    const ofKind = documents.filter((d) => d.kind === kind);
    return {
      kind,
      label: info.label,
      hint: info.hint,
      accepts: [...info.accepts],
      required: info.required(financeOutstanding),
      documents: ofKind,
      complete: ofKind.length > 0,
    };
  });
  return {
    kinds,
    submitted: documents.length > 0 && documents.every((d) => d.submittedAt !== null),
    requests: await openRequests(env, enquiryId),
    complete: kinds.every((k) => !k.required || k.complete),
  };
}

/**
 * Whether the seller declared finance outstanding in the vehicle profile (platform/src/sale/sale.ts).
 * Only a missing table reads as "no finance": any other failure must not quietly waive the
 * settlement letter.
 */
async function hasFinanceOutstanding(env: PlatformEnv, enquiryId: number): Promise<boolean> {
  let row: { finance: string | null } | null;
  try {
    row = await env.DB.prepare('SELECT finance FROM vehicle_profiles WHERE enquiry_id = ?1')
      .bind(enquiryId)
      .first<{ finance: string | null }>();
  } catch (error) {
    if (/no such table/i.test(String(error))) return false;
    throw error;
  }
  if (!row?.finance) return false;
  const finance = JSON.parse(row.finance) as { outstanding?: unknown } | null;
  return finance?.outstanding === true;
}

function findDocument(env: PlatformEnv, enquiryId: number, id: string): Promise<DocumentRow | null> {
  return env.DB.prepare('SELECT * FROM documents WHERE id = ?1 AND enquiry_id = ?2 AND deleted_at IS NULL')
    .bind(id, enquiryId)
    .first<DocumentRow>();
}

const documentNotFound = () => errorResponse(404, 'document_not_found', 'No such document for this vehicle');

function toDocument(row: DocumentRow): UploadedDocument {
  return {
    id: row.id,
    kind: row.kind,
    contentType: row.content_type,
    size: row.size,
    // Cleaned again as it goes out: a name stored before format characters were taken out keeps them.
    originalName: row.original_name === null ? null : cleanFileName(row.original_name),
    sharpness: row.sharpness,
    sharp: isSharp(row.sharpness),
    uploadedAt: row.uploaded_at,
    submittedAt: row.submitted_at,
  };
}

/* ---------------------------------------------------------------------------------------------- */
/* Guided photos                                                                                   */
/* ---------------------------------------------------------------------------------------------- */

/** POST /platform/premium/photos, multipart: enquiryId, slot, file. Replaces the slot's photo. */
export async function uploadPhoto(request: Request, env: PlatformEnv): Promise<Response> {
  const form = await readMultipart(request, MAX_UPLOAD_BYTES.photo);
  if (form instanceof Response) return form;
  const owned = await requireOwnEnquiry(request, env, toEnquiryId(form.get('enquiryId')));
  if (owned instanceof Response) return owned;
  const enquiryId = owned.enquiry.id;
  const slot = form.get('slot');
  if (!isPhotoSlot(slot)) return errorResponse(400, 'bad_request', `slot must be one of: ${PHOTO_SLOTS.map((s) => s.id).join(', ')}`);
  const file = form.get('file');
  if (!(file instanceof File)) return errorResponse(400, 'invalid_file', 'Choose a photo to upload');
  if (file.size > MAX_UPLOAD_BYTES.photo) return fileTooLarge(MAX_UPLOAD_BYTES.photo);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const check = checkUpload({ slot, bytes });
  if (!check.ok) return errorResponse(400, 'invalid_file', check.message);

  const stored = check.bytes;
  const key = `photos/${enquiryId}/${slot}/${crypto.randomUUID()}`;
  await env.DOCUMENTS.put(key, stored, {
    httpMetadata: { contentType: check.contentType },
    customMetadata: { enquiryId: String(enquiryId), slot },
  });
  let previous: { r2_key: string } | undefined;
  let row: PhotoRow | undefined;
  try {
    // One transaction: two uploads racing for a slot each see the key they replace, so every
    // replaced object is deleted by exactly one of them.
    const [before, after] = await env.DB.batch([
      env.DB.prepare('SELECT r2_key FROM vehicle_photos WHERE enquiry_id = ?1 AND slot = ?2').bind(enquiryId, slot),
      env.DB.prepare(
        `INSERT INTO vehicle_photos (enquiry_id, slot, r2_key, content_type, size, sharpness, uploaded_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT (enquiry_id, slot) DO UPDATE SET r2_key = excluded.r2_key, content_type = excluded.content_type,
           size = excluded.size, sharpness = excluded.sharpness, uploaded_at = excluded.uploaded_at
         RETURNING *`,
      ).bind(enquiryId, slot, key, check.contentType, stored.length, measureSharpness(stored).score, clockNowIso()),
    ]);
    previous = (before?.results as { r2_key: string }[] | undefined)?.[0];
    row = (after?.results as PhotoRow[] | undefined)?.[0];
  } catch (error) {
    await env.DOCUMENTS.delete(key);
    throw error;
  }
  if (previous && previous.r2_key !== key) await env.DOCUMENTS.delete(previous.r2_key);
  return json({ photo: toPhoto(row!) }, 201);
}

/** GET /platform/premium/photos?enquiryId= */
export async function listPhotos(request: Request, env: PlatformEnv): Promise<Response> {
  const owned = await requireOwnEnquiry(request, env, toEnquiryId(new URL(request.url).searchParams.get('enquiryId')));
  if (owned instanceof Response) return owned;
  const { results } = await env.DB.prepare('SELECT * FROM vehicle_photos WHERE enquiry_id = ?1').bind(owned.enquiry.id).all<PhotoRow>();
  const bySlot = new Map(results.map((row) => [row.slot, row]));
  const body: PhotosState = {
    photos: PHOTO_SLOTS.flatMap((slot) => {
      const row = bySlot.get(slot.id);
      return row ? [toPhoto(row)] : [];
    }),
    missing: PHOTO_SLOTS.filter((slot) => slot.required && !bySlot.has(slot.id)).map((slot) => slot.id),
  };
  return json(body);
}

/** GET /platform/premium/photos/:slot/file?enquiryId= */
export async function photoFile(
  request: Request,
  env: PlatformEnv,
  _ctx: ExecutionContext,
  params: Record<string, string>,
): Promise<Response> {
  const owned = await requireOwnEnquiry(request, env, toEnquiryId(new URL(request.url).searchParams.get('enquiryId')));
  if (owned instanceof Response) return owned;
  const row = await env.DB.prepare('SELECT * FROM vehicle_photos WHERE enquiry_id = ?1 AND slot = ?2')
    .bind(owned.enquiry.id, params.slot ?? '')
    .first<PhotoRow>();
  if (!row) return errorResponse(404, 'photo_not_found', 'No photo in that slot yet');
  return streamObject(env, row.r2_key, row.content_type, `${row.slot}.${EXTENSIONS[row.content_type]}`);
}

function toPhoto(row: PhotoRow): VehiclePhoto {
  return {
    slot: row.slot,
    contentType: row.content_type,
    size: row.size,
    sharpness: row.sharpness,
    sharp: isSharp(row.sharpness),
    uploadedAt: row.uploaded_at,
  };
}

/* ---------------------------------------------------------------------------------------------- */
/* Shared                                                                                          */
/* ---------------------------------------------------------------------------------------------- */

/**
 * The multipart form, read only up to the limit: a declared content-length over it is refused
 * before a byte is read, and a body without one (chunked) is abandoned as soon as it passes it.
 */
export async function readMultipart(request: Request, fileLimit: number): Promise<FormData | Response> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) return errorResponse(400, 'bad_request', 'Send the file as multipart/form-data');
  const cap = multipartBodyLimit(fileLimit);
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > cap) return fileTooLarge(fileLimit);
  const body = await readAtMost(request.body, cap);
  if (!body) return fileTooLarge(fileLimit);
  try {
    return await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    return errorResponse(400, 'bad_request', 'The form could not be read');
  }
}

/** The whole body over the cap, or just the file over its limit: the same answer either way. */
const fileTooLarge = (limit: number) => errorResponse(413, 'file_too_large', tooBigMessage(limit));

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

async function streamObject(env: PlatformEnv, key: string, contentType: UploadContentType, fileName: string): Promise<Response> {
  const object = await env.DOCUMENTS.get(key);
  if (!object) return errorResponse(404, 'file_not_found', 'The file is no longer stored');
  return new Response(object.body, {
    headers: {
      ...STORED_FILE_HEADERS,
      'content-type': contentType,
      'content-length': String(object.size),
      'content-disposition': attachmentDisposition(fileName),
    },
  });
}

/** A JSON number or a form/query string of digits; anything else is not an id. */
function toEnquiryId(value: unknown): number {
  if (typeof value === 'number') return value;
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : Number.NaN;
}

/**
 * A stored file goes out as a download, never as a page of ours: the type we sniffed at upload
 * with nosniff, an attachment, and a CSP sandbox that gives anything a browser did render no
 * origin, no scripts and no way to load more. An <img> still shows an attachment (disposition
 * only governs navigation), so thumbnails keep working.
 */
const STORED_FILE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "sandbox; default-src 'none'",
  'cache-control': 'private, no-store',
} as const;

function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
