import { DOCUMENT_KIND_IDS, DOCUMENT_KINDS, PHOTO_SLOTS, type DocumentsState } from '../../../contract/documents';
import { endpoints } from '../../../contract/endpoints';
import { PlatformFailure, type GatewayClient } from '../../lib/gateway.server';

/** Documents and photos whose answers need reading (docs/behaviour/gateway.md#journey-calls Marketplace and documents, Premium photos). */

export type UploadOutcome<T> = { ok: true; value: T } | { ok: false; message: string };

/** A rejected file (type, size, an unreadable image) comes back as the platform's message for the seller. */
async function upload<T>(call: () => Promise<T>): Promise<UploadOutcome<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (error instanceof PlatformFailure && (error.status === 400 || error.status === 413)) return { ok: false, message: error.message };
    throw error;
  }
}

export async function listPhotos(gateway: GatewayClient, enquiryId: number) {
  const state = await gateway.call(endpoints.sale.photos, { query: { enquiryId } });
  const bySlot = new Map(state.photos.map((p) => [p.slot as string, p]));
  return {
    slots: PHOTO_SLOTS.map((slot) => ({ ...slot, uploaded: bySlot.has(slot.id), sharp: bySlot.get(slot.id)?.sharp ?? true })),
    missing: state.missing,
  };
}

/**
 * The photo slots while the platform is down (docs/decisions/026): which are filled is unknown, so
 * each offers its upload as an empty one does.
 */
export function photoSlotsUnknown() {
  return { slots: PHOTO_SLOTS.map((slot) => ({ ...slot, uploaded: false, sharp: true })) };
}

/** The same for the documents: every kind's upload, none listed as sent, and not complete. */
export function documentsUnknown(): DocumentsState {
  const kinds = DOCUMENT_KIND_IDS.map((kind) => {
    const { label, hint, accepts, required } = DOCUMENT_KINDS[kind];
    return { kind, label, hint, accepts: [...accepts], required: required(false), documents: [], complete: false };
  });
  return { kinds, submitted: false, complete: false, requests: [] };
}

export function uploadPhoto(gateway: GatewayClient, enquiryId: number, slot: string, file: File) {
  const form = new FormData();
  form.set('enquiryId', String(enquiryId));
  form.set('slot', slot);
  form.set('file', file);
  return upload(() => gateway.call(endpoints.sale.uploadPhoto, { body: form }));
}

export function uploadDocument(gateway: GatewayClient, enquiryId: number, kind: string, file: File) {
  const form = new FormData();
  form.set('enquiryId', String(enquiryId));
  form.set('kind', kind);
  form.set('file', file);
  return upload(() => gateway.call(endpoints.sale.uploadDocument, { body: form }));
}

export async function submitDocuments(gateway: GatewayClient, enquiryId: number): Promise<{ ok: true } | { ok: false; missing: string[] }> {
  try {
    await gateway.call(endpoints.sale.submitDocuments, { body: { enquiryId } });
    return { ok: true };
  } catch (error) {
    // The refusal that names missing documents; any other is the shared refusal (its own words).
    const missing =
      error instanceof PlatformFailure && error.status === 409 ? ((error.body as { missing?: unknown } | null)?.missing ?? null) : null;
    if (Array.isArray(missing) && missing.length) return { ok: false, missing: missing.map(String) };
    throw error;
  }
}
