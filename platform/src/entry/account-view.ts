import { formatVrm } from '../../../contract/vrm';
import { isUkMobile, type AccountVehicle, type User } from '../../../contract/accounts';
import type { UserRow } from '../auth';
import { clockNow } from '../clock';
import { toEnquiry } from '../records/enquiries';
import { intVar, type PlatformEnv } from '../env';
import { makeOf } from '../providers/register';
import { trackersOf } from '../tracker/trackers';
import { accountVehiclesAndEnquiries } from './store';

/**
 * The account as the seller sees it: their details and, where asked for, their vehicles, each with
 * its latest enquiry and tracker. Not in auth.ts: the enquiries and trackers ask auth.ts who is
 * calling, so a view built there went round in a circle through them.
 */

export const DEFAULT_VEHICLE_LIMIT = 5;

/** The seller's vehicles, newest enquiry first (docs/behaviour/data.md#entities). */
export async function customerVehicles(env: PlatformEnv, customerId: number): Promise<AccountVehicle[]> {
  const { vehicles: results, enquiries } = await accountVehiclesAndEnquiries(env.DB, customerId);
  const trackers = await trackersOf(env, `customer:${customerId}`);
  const now = clockNow();
  return results
    .map((row) => {
      const tracker = trackers.find((t) => t.vrm === row.vrm);
      const enquiry = enquiries.find((e) => e.vrm === row.vrm);
      return {
        sortKey: enquiry?.updated_at ?? row.added_at,
        vehicle: {
          id: row.vehicle_id,
          vrm: row.vrm,
          vrm_pretty: formatVrm(row.vrm),
          make: makeOf(row.make),
          model: row.model,
          year: Number(row.month_of_first_registration.slice(0, 4)),
          enquiry: enquiry ? toEnquiry(enquiry, now) : null,
          userVehicleTracker: tracker ? { id: tracker.id, trackerValuations: tracker.trackerValuations } : null,
        } satisfies AccountVehicle,
      };
    })
    .sort((a, b) => b.sortKey.localeCompare(a.sortKey))
    .map(({ vehicle }) => vehicle);
}

export function vehicleLimit(env: PlatformEnv): number {
  return intVar(env.CUSTOMER_VEHICLE_LIMIT, DEFAULT_VEHICLE_LIMIT);
}

export async function toUser(env: PlatformEnv, row: UserRow, withVehicles = false): Promise<User> {
  const user: User = {
    id: row.id,
    userId: row.user_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    postcode: row.postcode,
    emailCrmTier: row.email_crm_tier,
    texts: !isUkMobile(row.phone) ? 'no_mobile' : row.sms_stopped_at ? 'stopped' : row.phone_verified_at ? 'on' : 'unproven',
    phoneVerified: !!row.phone_verified_at && isUkMobile(row.phone),
    phonePending: row.phone_pending ?? null,
    detailsToConfirm: row.details_to_confirm === 1,
    isReferredUser: row.referred_by != null,
    emailVerified: row.email_verified_at != null,
  };
  if (withVehicles) {
    user.vehicles = await customerVehicles(env, row.id);
    user.vehicleLimit = vehicleLimit(env);
  }
  return user;
}
