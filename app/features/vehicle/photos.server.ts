import { PHOTO_SLOTS } from '../../../contract/documents';
import { endpoints } from '../../../contract/endpoints';
import type { GatewayClient } from '../../lib/gateway.server';

/**
 * The profile's photos (docs/behaviour/gateway.md#journey-calls Premium photos). A photo the
 * platform refuses (its type, its size, an unreadable image) is a refusal like any other: the form
 * answers it by the photo's slot, in the platform's words.
 */

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

export function uploadPhoto(gateway: GatewayClient, enquiryId: number, slot: string, file: File) {
  const form = new FormData();
  form.set('enquiryId', String(enquiryId));
  form.set('slot', slot);
  form.set('file', file);
  return gateway.call(endpoints.sale.uploadPhoto, { body: form });
}
