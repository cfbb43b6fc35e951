import { endpoints } from '../../../contract/endpoints';
import type { CurrentEnquiry } from '../../../contract/sale';
import type { AppLoadContext } from '@remix-run/cloudflare';
import type { GatewayClient } from '../../lib/gateway.server';

/** The sale journey's calls whose answers need reading (docs/behaviour/gateway.md#journey-calls Premium, Enquiries, Post-sale, Collection). */

/** The signed-in seller's enquiry for this car with its profile and sale; null when it is not theirs. */
export async function currentEnquiry(gateway: GatewayClient, vrm: string): Promise<CurrentEnquiry | null> {
  const result = await gateway.attempt(endpoints.sale.current, { query: { vrm } });
  if (result.ok) return result.value;
  // Its outcomes (contract/endpoints.ts): no enquiry for this car, or none of this seller's.
  if (result.failure.kind === 'outcome') return null;
  throw result.failure;
}

/** The loaders' reads of one request, by car. */
const pageReads = new WeakMap<AppLoadContext, Map<string, Promise<CurrentEnquiry | null>>>();

/**
 * currentEnquiry for loaders, asked of the platform once per request and car: the vehicle layout,
 * the sale steps' layout and the page itself all need it, and run side by side. Only loaders share
 * it: an action reads afresh, and the loaders after an action in the same request come after it,
 * so they never see the enquiry as it was before the action.
 */
export function currentEnquiryForPage(context: AppLoadContext, vrm: string): Promise<CurrentEnquiry | null> {
  const ofRequest = pageReads.get(context) ?? new Map<string, Promise<CurrentEnquiry | null>>();
  pageReads.set(context, ofRequest);
  let read = ofRequest.get(vrm);
  if (!read) ofRequest.set(vrm, (read = currentEnquiry(context.gateway, vrm)));
  return read;
}

export function saveProfileStep(gateway: GatewayClient, enquiryId: number, step: string, data: Record<string, unknown>) {
  return gateway.call(endpoints.sale.updateProfile, { params: { id: enquiryId }, body: { step, ...data } });
}
