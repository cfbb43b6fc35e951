import { DOCUMENT_KIND_IDS, DOCUMENT_KINDS, type DocumentsState } from '../../../contract/documents';
import { endpoints } from '../../../contract/endpoints';
import type { GatewayClient } from '../../lib/gateway.server';

/**
 * The documents whose answers need reading (docs/behaviour/gateway.md#journey-calls Marketplace and documents).
 * A file the platform refuses (its type, its size, an unreadable image) is a refusal like any other:
 * the form answers it by the file's field, in the platform's words.
 */

/**
 * The documents while the platform is down (docs/decisions/026): every kind's upload, none listed
 * as sent, and not complete.
 */
export function documentsUnknown(): DocumentsState {
  const kinds = DOCUMENT_KIND_IDS.map((kind) => {
    const { label, hint, accepts, required } = DOCUMENT_KINDS[kind];
    return { kind, label, hint, accepts: [...accepts], required: required(false), documents: [], complete: false };
  });
  return { kinds, submitted: false, complete: false, requests: [] };
}

export function uploadDocument(gateway: GatewayClient, enquiryId: number, kind: string, file: File) {
  const form = new FormData();
  form.set('enquiryId', String(enquiryId));
  form.set('kind', kind);
  form.set('file', file);
  return gateway.call(endpoints.sale.uploadDocument, { body: form });
}

/** Sends the documents for checking; a refusal that names documents still missing lists them. */
export async function submitDocuments(gateway: GatewayClient, enquiryId: number): Promise<{ ok: true } | { ok: false; missing: string[] }> {
  const result = await gateway.attempt(endpoints.sale.submitDocuments, { body: { enquiryId } });
  if (result.ok) return { ok: true };
  // Any other refusal is the shared one (its own words).
  const missing = result.failure.body?.missing;
  if (Array.isArray(missing) && missing.length) return { ok: false, missing: missing.map(String) };
  throw result.failure;
}
