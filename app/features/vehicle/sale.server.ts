import type { CurrentEnquiry, VehicleProfile } from '../../../contract/sale';
import { GatewayError, type GatewayClient } from '../../lib/gateway.server';

/** The sale journey's gateway calls (spec 2 §7.2 Premium, Enquiries, Post-sale, Collection). */

/** The signed-in seller's enquiry for this car with its profile and sale; null when it is not theirs. */
export async function currentEnquiry(gateway: GatewayClient, vrm: string): Promise<CurrentEnquiry | null> {
  try {
    return await gateway.get<CurrentEnquiry>('/platform/premium-v3/enquiries/current', { query: { vrm } });
  } catch (error) {
    if (error instanceof GatewayError && (error.status === 404 || error.status === 401)) return null;
    throw error;
  }
}

export function saveProfileStep(gateway: GatewayClient, enquiryId: number, step: string, data: Record<string, unknown>) {
  return gateway.post<{ profile: VehicleProfile }>(`/platform/premium-v3/enquiries/${enquiryId}/vehicleDetails/update`, { step, ...data });
}

export function enterSale(gateway: GatewayClient, enquiryId: number, action: 'enter-sale' | 'relist') {
  return gateway.post<CurrentEnquiry>(`/platform/premium-v3/enquiries/${enquiryId}/update`, { action });
}

export function decideOffer(gateway: GatewayClient, enquiryId: number, decision: 'accept' | 'decline') {
  return gateway.post<CurrentEnquiry>(`/platform/premium/bids/${decision}-offer`, { enquiryId });
}

export function confirmSale(gateway: GatewayClient, enquiryId: number) {
  return gateway.post<CurrentEnquiry>(`/platform/premium-v3/enquiries/${enquiryId}/confirm`, {});
}

export interface SaleStatus {
  dpStateSlug: string | null;
  bankDetailsConfirmed: boolean;
  documentsSubmitted: boolean;
}

export function saleStatus(gateway: GatewayClient, enquiryId: number) {
  return gateway.get<SaleStatus>(`/platform/post-sale/enquiries/${enquiryId}/sale-status`);
}

export function collectionAvailability(gateway: GatewayClient, enquiryId: number) {
  return gateway.get<{ days: string[]; slots: ('morning' | 'afternoon')[] }>('/platform/collection-preferences/availability', { query: { enquiryId } });
}

export function addressSuggestions(gateway: GatewayClient, postcode: string) {
  return gateway.get<{ suggestions: { id: string; text: string }[] }>('/platform/location/address/suggestions', { query: { input: postcode } });
}

export function bookCollection(gateway: GatewayClient, enquiryId: number, booking: { date: string; slot: string; notes: string; addressId: string }) {
  return gateway.post(`/platform/seller-preferences/${enquiryId}`, booking);
}

/** Development only: the dealer collects and pays now. */
export function simulateCollection(gateway: GatewayClient, enquiryId: number) {
  return gateway.post(`/platform/dev/enquiries/${enquiryId}/collect`, {});
}
