import type { CreateEnquiryResponse, PremiumOffer, Valuation } from '../../../contract/vehicles';
import type { GatewayClient } from '../../lib/gateway.server';

/** POST /platform/create-enquiry?vrm= {mileage}: mileage, valuation, eligibility and partner. */
export function createEnquiry(
  gateway: GatewayClient,
  vrm: string,
  mileage: number,
  campaign?: Record<string, string>,
): Promise<CreateEnquiryResponse> {
  return gateway.post<CreateEnquiryResponse>('/platform/create-enquiry', { mileage, ...(campaign ? { campaign } : {}) }, { query: { vrm } });
}

export function valuateVehicle(gateway: GatewayClient, vrm: string, mileage: number): Promise<Valuation> {
  return gateway.post<Valuation>('/platform/valuate', { vrm, mileage });
}

/** GET /platform/premium-offer (10 s timeout by the client's rules). */
export function getPremiumOffer(gateway: GatewayClient, vrm: string, enquiryId: number): Promise<PremiumOffer> {
  return gateway.get<PremiumOffer>('/platform/premium-offer', { query: { valuation_ref: enquiryId, vrm } });
}
