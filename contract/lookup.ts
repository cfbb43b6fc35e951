import type { User } from './accounts';
import type { Enquiry, LookupErrorCode, Vehicle } from './vehicles';

/** The signed-in seller a lookup merges in, with their vehicles (docs/behaviour/entry.md#roles). */
export type Customer = User;

/** POST /platform/vehicles/lookup {vrm} — docs/behaviour/entry.md#calls: it returns code, customer, enquiry, error and vehicle. */
export interface LookupResponse {
  code: 'ok' | LookupErrorCode;
  customer: Customer | null;
  enquiry: Enquiry | null;
  error: { message: string } | null;
  vehicle: Vehicle | null;
}
