import { endpoints } from '../../../contract/endpoints';
import type { CurrentEnquiry } from '../../../contract/sale';
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

export function saveProfileStep(gateway: GatewayClient, enquiryId: number, step: string, data: Record<string, unknown>) {
  return gateway.call(endpoints.sale.updateProfile, { params: { id: enquiryId }, body: { step, ...data } });
}
