import { endpoints } from '../../../contract/endpoints';
import type { CurrentEnquiry } from '../../../contract/sale';
import { PlatformFailure, type GatewayClient } from '../../lib/gateway.server';

/** The sale journey's calls whose answers need reading (docs/behaviour/gateway.md#journey-calls Premium, Enquiries, Post-sale, Collection). */

/** The signed-in seller's enquiry for this car with its profile and sale; null when it is not theirs. */
export async function currentEnquiry(gateway: GatewayClient, vrm: string): Promise<CurrentEnquiry | null> {
  try {
    return await gateway.call(endpoints.sale.current, { query: { vrm } });
  } catch (error) {
    if (error instanceof PlatformFailure && (error.status === 404 || error.status === 401)) return null;
    throw error;
  }
}

export function saveProfileStep(gateway: GatewayClient, enquiryId: number, step: string, data: Record<string, unknown>) {
  return gateway.call(endpoints.sale.updateProfile, { params: { id: enquiryId }, body: { step, ...data } });
}
