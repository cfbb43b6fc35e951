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
  measureSharpness,
  PHOTO_SLOTS,
  sniffContentType,
  STRUCTURE_MESSAGES,
  tooBigMessage,
  type DocumentKind,
  type DocumentRequest,
  type DocumentsState,
  type PhotosState,
  type UploadContentType,
  type UploadedDocument,
  type VehiclePhoto,
} from '../../../contract/documents';
import type { endpoints } from '../../../contract/endpoints';
import { checkStructure } from '../../../contract/file-structure';
import type { PlatformEnv } from '../env';
import { findOwnEnquiry } from '../records/enquiries';
import type { TypedHandler } from '../router';
import { clockNowIso } from '../clock';
import {
  findDocument,
  findPhoto,
  fulfilRequest,
  insertDocument,
  insertRequest,
  liveDocuments,
  liveDocumentsOfKind,
  markDocumentDeleted,
  openRequests as openRequestRows,
  photosOf,
  replacePhoto,
  submitDocuments as submitAll,
  type DocumentRow,
  type PhotoRow,
} from './documents-store';
import { findProfile } from './sale-store';

/**
 * Sellers' documents and guided photos (docs/behaviour/gateway.md#journey-calls "Marketplace and documents", "Premium"), kept
 * in R2 with a D1 row each. Every check runs on the bytes: the declared type and the file name are
 * whatever the seller's device says, so neither decides anything.
 */

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
export const uploadDocument: TypedHandler<typeof endpoints.sale.uploadDocument> = async ({ body: form, enquiry }, ctx) => {
  const enquiryId = enquiry.id;
  const kind = form.get('kind');
  if (!isDocumentKind(kind)) {
    return ctx.outcome({ status: 400, code: 'bad_request', message: `kind must be one of: ${DOCUMENT_KIND_IDS.join(', ')}` });
  }
  const file = form.get('file');
  if (!(file instanceof File)) return ctx.outcome({ status: 400, code: 'invalid_file', message: 'Choose a file to upload' });
  if (file.size > MAX_UPLOAD_BYTES.document) {
    return ctx.outcome({ status: 413, code: 'file_too_large', message: tooBigMessage(MAX_UPLOAD_BYTES.document) });
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const check = checkUpload({ kind, bytes });
  if (!check.ok) return ctx.outcome({ status: 400, code: 'invalid_file', message: check.message });

  if ((await liveDocumentsOfKind(ctx.env.DB, enquiryId, kind)) >= MAX_DOCUMENTS_PER_KIND) {
    return ctx.outcome({
      status: 409,
      code: 'too_many_documents',
      message: `You can upload up to ${MAX_DOCUMENTS_PER_KIND} files for the ${DOCUMENT_KINDS[kind].label}. Remove one first.`,
    });
  }

  const stored = check.bytes;
  const id = crypto.randomUUID();
  const key = `documents/${enquiryId}/${kind}/${id}`;
  await ctx.env.DOCUMENTS.put(key, stored, {
    httpMetadata: { contentType: check.contentType },
    customMetadata: { enquiryId: String(enquiryId), kind, documentId: id },
  });
  let row: DocumentRow;
  try {
    row = await insertDocument(ctx.env.DB, {
      id,
      enquiry_id: enquiryId,
      kind,
      r2_key: key,
      content_type: check.contentType,
      size: stored.length,
      original_name: cleanFileName(file.name),
      sharpness: measureSharpness(stored).score,
      uploaded_at: clockNowIso(),
    });
  } catch (error) {
    // Without its row nobody could ever find or delete the object: take it away again.
    await ctx.env.DOCUMENTS.delete(key);
    throw error;
  }
  return ctx.created({ document: toDocument(row) });
};

/**
 * POST /platform/vehicle/documents/checkSharpness, multipart: file (and enquiryId when the app has
 * one). Nothing is stored: the app asks before uploading so it can suggest another photo.
 */
export const checkSharpness: TypedHandler<typeof endpoints.sale.checkSharpness> = async ({ body: form, customer }, ctx) => {
  const enquiryId = form.get('enquiryId') ?? new URL(ctx.request.url).searchParams.get('enquiryId');
  if (enquiryId !== null) {
    if (typeof enquiryId !== 'string' || !/^\d{1,15}$/.test(enquiryId)) {
      return ctx.outcome({ status: 400, code: 'bad_request', message: 'enquiryId is required' });
    }
    if (!(await findOwnEnquiry(ctx.env.DB, customer.user.id, Number(enquiryId)))) {
      return ctx.outcome({ status: 404, code: 'enquiry_not_found', message: 'No such enquiry in your account' });
    }
  }
  const file = form.get('file');
  if (!(file instanceof File)) return ctx.outcome({ status: 400, code: 'invalid_file', message: 'Choose a file to check' });
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.length === 0) return ctx.outcome({ status: 400, code: 'invalid_file', message: 'That file is empty' });
  const contentType = sniffContentType(bytes);
  if (!contentType) return ctx.outcome({ status: 400, code: 'invalid_file', message: 'Upload a photo (JPEG, PNG, WebP or HEIC) or a PDF' });
  const structure = checkStructure(bytes, contentType);
  if (!structure.ok) return ctx.outcome({ status: 400, code: 'invalid_file', message: STRUCTURE_MESSAGES[structure.problem] });
  return measureSharpness(bytes.subarray(0, structure.length));
};

/** POST /platform/vehicle/documents/review/markAsSubmitted {enquiryId}: sends the documents for checking. */
export const markAsSubmitted: TypedHandler<typeof endpoints.sale.submitDocuments> = async ({ enquiry }, ctx) => {
  const state = await documentsState(ctx.env, enquiry.id);
  const missing = state.kinds.filter((k) => k.required && !k.complete);
  if (missing.length > 0) {
    return ctx.outcome({
      status: 409,
      code: 'documents_missing',
      message: `Upload these first: ${missing.map((k) => k.label).join(', ')}`,
      extra: { missing: missing.map((k) => k.kind) },
    });
  }
  await submitAll(ctx.env.DB, enquiry.id, clockNowIso());
  return documentsState(ctx.env, enquiry.id);
};

/** POST /platform/vehicle/documents/delete {enquiryId, documentId} */
export const deleteDocument: TypedHandler<typeof endpoints.sale.deleteDocument> = async ({ body, enquiry }, ctx) => {
  const row = await findDocument(ctx.env.DB, enquiry.id, body.documentId);
  if (!row) return ctx.outcome(DOCUMENT_NOT_FOUND);
  // The object goes first: if the row update then fails, a retry finds the row and deletes again
  // (R2 deletes are idempotent), whereas the other order could leave a seller's licence behind.
  await ctx.env.DOCUMENTS.delete(row.r2_key);
  const deletedAt = clockNowIso();
  await markDocumentDeleted(ctx.env.DB, row.id, deletedAt);
  return { deleted: { id: row.id, deletedAt } };
};

/** GET /platform/vehicle/documents/state?enquiryId= */
export const documentsStateEndpoint: TypedHandler<typeof endpoints.sale.documents> = async ({ enquiry }, ctx) =>
  documentsState(ctx.env, enquiry.id);

/** GET /platform/vehicle/documents/:id/file?enquiryId=: the file itself, for its owner to check. */
export const documentFile: TypedHandler<typeof endpoints.sale.documentFile> = async ({ params, enquiry }, ctx) => {
  const row = await findDocument(ctx.env.DB, enquiry.id, params.id);
  if (!row) return ctx.outcome(DOCUMENT_NOT_FOUND);
  const name = row.original_name === null ? null : cleanFileName(row.original_name);
  const file = await storedFile(ctx.env, row.r2_key, row.content_type, name ?? `${row.kind}.${EXTENSIONS[row.content_type]}`);
  return file ? ctx.raw(file) : ctx.outcome(FILE_NOT_FOUND);
};

/** Why the check asks again for a kind whose every submitted file is too blurred to read. */
export const UNREADABLE_REASON = 'the photo is too blurred to read';

/** The document check's verdict, and the statements that record it (see planDocumentCheck). */
export interface DocumentCheck {
  passed: boolean;
  /** The requests it makes. */
  requested: Omit<DocumentRequest, 'id'>[];
  statements: D1PreparedStatement[];
}

/**
 * The buying dealer's document check, as far as it is simulated: a kind whose every submitted file
 * is an unreadable photo (sharpness below the threshold the upload warns at) is asked for again.
 * Requests the check had open for a kind now readable are fulfilled. Nothing is written here: the
 * caller batches the statements with the messages the requests owe the seller.
 */
export async function planDocumentCheck(env: PlatformEnv, enquiryId: number): Promise<DocumentCheck> {
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
  const requested = fresh.map((kind) => ({
    kind,
    label: DOCUMENT_KINDS[kind].label,
    reason: UNREADABLE_REASON,
    requestedAt: now,
  }));
  const statements = [
    ...fulfilled.map((r) => fulfilRequest(env.DB, r.id, now)),
    ...requested.map((r) => insertRequest(env.DB, { enquiryId, kind: r.kind, reason: r.reason }, now)),
  ];
  return { passed: unreadable.length === 0, requested, statements };
}

async function openRequests(env: PlatformEnv, enquiryId: number): Promise<DocumentRequest[]> {
  return (await openRequestRows(env.DB, enquiryId))
    .filter((row) => isDocumentKind(row.kind))
    .map((row) => ({
      id: row.id,
      kind: row.kind,
      label: DOCUMENT_KINDS[row.kind].label,
      reason: row.reason,
      requestedAt: row.requested_at,
    }));
}

/** The documents the check still asks for, by kind (absent tables, not yet migrated, read as none). */
export async function requestedKinds(env: PlatformEnv, enquiryId: number): Promise<{ kind: DocumentKind; label: string }[]> {
  const requests = await openRequests(env, enquiryId).catch(() => [] as DocumentRequest[]);
  return [...new Set(requests.map((r) => r.kind))].sort().map((kind) => ({ kind, label: DOCUMENT_KINDS[kind].label }));
}

async function documentsState(env: PlatformEnv, enquiryId: number): Promise<DocumentsState> {
  const financeOutstanding = await hasFinanceOutstanding(env, enquiryId);
  const documents = (await liveDocuments(env.DB, enquiryId)).map(toDocument);
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
    row = await findProfile(env.DB, enquiryId);
  } catch (error) {
    if (/no such table/i.test(String(error))) return false;
    throw error;
  }
  if (!row?.finance) return false;
  const finance = JSON.parse(row.finance) as { outstanding?: unknown } | null;
  return finance?.outstanding === true;
}

const DOCUMENT_NOT_FOUND = { status: 404, code: 'document_not_found', message: 'No such document for this vehicle' } as const;
const FILE_NOT_FOUND = { status: 404, code: 'file_not_found', message: 'The file is no longer stored' } as const;

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
export const uploadPhoto: TypedHandler<typeof endpoints.sale.uploadPhoto> = async ({ body: form, enquiry }, ctx) => {
  const enquiryId = enquiry.id;
  const slot = form.get('slot');
  if (!isPhotoSlot(slot)) {
    return ctx.outcome({ status: 400, code: 'bad_request', message: `slot must be one of: ${PHOTO_SLOTS.map((s) => s.id).join(', ')}` });
  }
  const file = form.get('file');
  if (!(file instanceof File)) return ctx.outcome({ status: 400, code: 'invalid_file', message: 'Choose a photo to upload' });
  if (file.size > MAX_UPLOAD_BYTES.photo) {
    return ctx.outcome({ status: 413, code: 'file_too_large', message: tooBigMessage(MAX_UPLOAD_BYTES.photo) });
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const check = checkUpload({ slot, bytes });
  if (!check.ok) return ctx.outcome({ status: 400, code: 'invalid_file', message: check.message });

  const stored = check.bytes;
  const key = `photos/${enquiryId}/${slot}/${crypto.randomUUID()}`;
  await ctx.env.DOCUMENTS.put(key, stored, {
    httpMetadata: { contentType: check.contentType },
    customMetadata: { enquiryId: String(enquiryId), slot },
  });
  let replaced: { photo: PhotoRow; replacedKey: string | null };
  try {
    replaced = await replacePhoto(ctx.env.DB, {
      enquiry_id: enquiryId,
      slot,
      r2_key: key,
      content_type: check.contentType,
      size: stored.length,
      sharpness: measureSharpness(stored).score,
      uploaded_at: clockNowIso(),
    });
  } catch (error) {
    await ctx.env.DOCUMENTS.delete(key);
    throw error;
  }
  if (replaced.replacedKey && replaced.replacedKey !== key) await ctx.env.DOCUMENTS.delete(replaced.replacedKey);
  return ctx.created({ photo: toPhoto(replaced.photo) });
};

/** GET /platform/premium/photos?enquiryId= */
export const listPhotos: TypedHandler<typeof endpoints.sale.photos> = async ({ enquiry }, ctx) => {
  const bySlot = new Map((await photosOf(ctx.env.DB, enquiry.id)).map((row) => [row.slot, row]));
  const body: PhotosState = {
    photos: PHOTO_SLOTS.flatMap((slot) => {
      const row = bySlot.get(slot.id);
      return row ? [toPhoto(row)] : [];
    }),
    missing: PHOTO_SLOTS.filter((slot) => slot.required && !bySlot.has(slot.id)).map((slot) => slot.id),
  };
  return body;
};

/** GET /platform/premium/photos/:slot/file?enquiryId= */
export const photoFile: TypedHandler<typeof endpoints.sale.photoFile> = async ({ params, enquiry }, ctx) => {
  const row = await findPhoto(ctx.env.DB, enquiry.id, params.slot);
  if (!row) return ctx.outcome({ status: 404, code: 'photo_not_found', message: 'No photo in that slot yet' });
  const file = await storedFile(ctx.env, row.r2_key, row.content_type, `${row.slot}.${EXTENSIONS[row.content_type]}`);
  return file ? ctx.raw(file) : ctx.outcome(FILE_NOT_FOUND);
};

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

/** The stored object as a download, or null when it is no longer stored. */
async function storedFile(env: PlatformEnv, key: string, contentType: UploadContentType, fileName: string): Promise<Response | null> {
  const object = await env.DOCUMENTS.get(key);
  if (!object) return null;
  return new Response(object.body, {
    headers: {
      ...STORED_FILE_HEADERS,
      'content-type': contentType,
      'content-length': String(object.size),
      'content-disposition': attachmentDisposition(fileName),
    },
  });
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
