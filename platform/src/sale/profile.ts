import { PHOTO_SLOTS } from '../../../contract/documents';
import type { VehicleProfile } from '../../../contract/sale';
import type { PlatformEnv } from '../env';
import { photoSlotsOf } from './documents-store';
import { findProfile } from './sale-store';

/** The vehicle profile as the seller answered it: read by the sale, the finance step and collection day's inspection. */

const parse = <T>(text: string | null): T | null => (text ? (JSON.parse(text) as T) : null);

async function missingPhotos(env: PlatformEnv, enquiryId: number): Promise<string[]> {
  try {
    const have = new Set(await photoSlotsOf(env.DB, enquiryId));
    return PHOTO_SLOTS.filter((s) => s.required && !have.has(s.id)).map((s) => s.id);
  } catch {
    return [];
  }
}

export async function loadProfile(env: PlatformEnv, enquiryId: number): Promise<VehicleProfile> {
  const row = await findProfile(env.DB, enquiryId);
  const profile = {
    features: parse<string[]>(row?.features ?? null),
    serviceHistory: row?.service_history ?? null,
    finance: parse<VehicleProfile['finance']>(row?.finance ?? null),
    issues: parse<VehicleProfile['issues']>(row?.issues ?? null),
    keys: row?.keys ?? null,
    missingPhotos: await missingPhotos(env, enquiryId),
  };
  const complete =
    profile.features !== null &&
    profile.serviceHistory !== null &&
    profile.finance !== null &&
    profile.issues !== null &&
    profile.keys !== null &&
    profile.missingPhotos.length === 0;
  return { ...profile, complete };
}
