import type { DocumentKind, PhotoSlotId, UploadContentType } from '../../../contract/documents';

/**
 * The records of sellers' files (docs/decisions/033): a row per document and per guided photo
 * (their bytes are in R2, under the row's key), and the document check's requests for a document
 * again. The R2 objects themselves are the caller's: a row is written only once its object is.
 */

export interface DocumentRow {
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

export interface PhotoRow {
  enquiry_id: number;
  slot: PhotoSlotId;
  r2_key: string;
  content_type: UploadContentType;
  size: number;
  sharpness: number | null;
  uploaded_at: string;
}

export interface RequestRow {
  id: number;
  kind: DocumentKind;
  reason: string;
  requested_at: string;
}

/* Documents ------------------------------------------------------------------------------------ */

/** The enquiry's documents not deleted, oldest first. */
export async function liveDocuments(db: D1Database, enquiryId: number): Promise<DocumentRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM documents WHERE enquiry_id = ?1 AND deleted_at IS NULL ORDER BY uploaded_at, id')
    .bind(enquiryId)
    .all<DocumentRow>();
  return results;
}

export async function liveDocumentsOfKind(db: D1Database, enquiryId: number, kind: DocumentKind): Promise<number> {
  return (
    (await db
      .prepare('SELECT count(*) AS n FROM documents WHERE enquiry_id = ?1 AND kind = ?2 AND deleted_at IS NULL')
      .bind(enquiryId, kind)
      .first<number>('n')) ?? 0
  );
}

/** How many of the enquiry's documents have been sent for checking and are still there. */
export async function submittedDocuments(db: D1Database, enquiryId: number): Promise<number> {
  return (
    (await db
      .prepare('SELECT count(*) AS n FROM documents WHERE enquiry_id = ?1 AND submitted_at IS NOT NULL AND deleted_at IS NULL')
      .bind(enquiryId)
      .first<number>('n')) ?? 0
  );
}

/** One of the enquiry's documents, not deleted, or null. */
export async function findDocument(db: D1Database, enquiryId: number, id: string): Promise<DocumentRow | null> {
  return db
    .prepare('SELECT * FROM documents WHERE id = ?1 AND enquiry_id = ?2 AND deleted_at IS NULL')
    .bind(id, enquiryId)
    .first<DocumentRow>();
}

export async function insertDocument(db: D1Database, row: Omit<DocumentRow, 'submitted_at' | 'deleted_at'>): Promise<DocumentRow> {
  const inserted = await db
    .prepare(
      `INSERT INTO documents (id, enquiry_id, kind, r2_key, content_type, size, original_name, sharpness, uploaded_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) RETURNING *`,
    )
    .bind(row.id, row.enquiry_id, row.kind, row.r2_key, row.content_type, row.size, row.original_name, row.sharpness, row.uploaded_at)
    .first<DocumentRow>();
  return inserted!;
}

/** Sends every document not yet sent for checking. */
export async function submitDocuments(db: D1Database, enquiryId: number, nowIso: string): Promise<void> {
  await db
    .prepare('UPDATE documents SET submitted_at = ?2 WHERE enquiry_id = ?1 AND deleted_at IS NULL AND submitted_at IS NULL')
    .bind(enquiryId, nowIso)
    .run();
}

export async function markDocumentDeleted(db: D1Database, id: string, nowIso: string): Promise<void> {
  await db.prepare('UPDATE documents SET deleted_at = ?2 WHERE id = ?1').bind(id, nowIso).run();
}

/* The document check's requests ---------------------------------------------------------------- */

/** The check's requests still open, oldest first. */
export async function openRequests(db: D1Database, enquiryId: number): Promise<RequestRow[]> {
  const { results } = await db
    .prepare('SELECT id, kind, reason, requested_at FROM document_requests WHERE enquiry_id = ?1 AND fulfilled_at IS NULL ORDER BY id')
    .bind(enquiryId)
    .all<RequestRow>();
  return results;
}

export function fulfilRequest(db: D1Database, id: number, nowIso: string) {
  return db.prepare('UPDATE document_requests SET fulfilled_at = ?2 WHERE id = ?1').bind(id, nowIso);
}

export function insertRequest(db: D1Database, request: { enquiryId: number; kind: DocumentKind; reason: string }, nowIso: string) {
  return db
    .prepare('INSERT INTO document_requests (enquiry_id, kind, reason, requested_at) VALUES (?1, ?2, ?3, ?4)')
    .bind(request.enquiryId, request.kind, request.reason, nowIso);
}

/* Guided photos -------------------------------------------------------------------------------- */

export async function photosOf(db: D1Database, enquiryId: number): Promise<PhotoRow[]> {
  const { results } = await db.prepare('SELECT * FROM vehicle_photos WHERE enquiry_id = ?1').bind(enquiryId).all<PhotoRow>();
  return results;
}

/** The slots the enquiry has a photo in. */
export async function photoSlotsOf(db: D1Database, enquiryId: number): Promise<string[]> {
  const { results } = await db.prepare('SELECT slot FROM vehicle_photos WHERE enquiry_id = ?1').bind(enquiryId).all<{ slot: string }>();
  return results.map((row) => row.slot);
}

export async function findPhoto(db: D1Database, enquiryId: number, slot: string): Promise<PhotoRow | null> {
  return db.prepare('SELECT * FROM vehicle_photos WHERE enquiry_id = ?1 AND slot = ?2').bind(enquiryId, slot).first<PhotoRow>();
}

/**
 * The slot's photo replaced, and the key of the object it replaced (null for a first photo). One
 * transaction: two uploads racing for a slot each see the key they replace, so every replaced
 * object is deleted by exactly one of them.
 */
export async function replacePhoto(db: D1Database, row: PhotoRow): Promise<{ photo: PhotoRow; replacedKey: string | null }> {
  const [before, after] = await db.batch([
    db.prepare('SELECT r2_key FROM vehicle_photos WHERE enquiry_id = ?1 AND slot = ?2').bind(row.enquiry_id, row.slot),
    db
      .prepare(
        `INSERT INTO vehicle_photos (enquiry_id, slot, r2_key, content_type, size, sharpness, uploaded_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT (enquiry_id, slot) DO UPDATE SET r2_key = excluded.r2_key, content_type = excluded.content_type,
           size = excluded.size, sharpness = excluded.sharpness, uploaded_at = excluded.uploaded_at
         RETURNING *`,
      )
      .bind(row.enquiry_id, row.slot, row.r2_key, row.content_type, row.size, row.sharpness, row.uploaded_at),
  ]);
  const previous = (before?.results as { r2_key: string }[] | undefined)?.[0];
  return { photo: (after?.results as PhotoRow[])[0]!, replacedKey: previous?.r2_key ?? null };
}
