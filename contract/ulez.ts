import type { StandardVerdict, ZoneVehicleType, ZoneVerdict } from './zones';

/** POST /platform/v3/ulez/check {vrm} (docs/behaviour/entry.md#calls): the answer the ULEZ checker shows and keeps. */
export interface UlezCheckResponse {
  /** null: the standard can't be decided for this vehicle (docs/behaviour/entry.md#lookup-errors not_available). */
  isCompliant: boolean | null;
  /** The Euro number ('3' means Euro 3); null when the register has none. */
  euroStatus: string | null;
  basis: StandardVerdict['basis'];
  vehicle: {
    vrm: string;
    vrmPretty: string;
    make: string;
    model: string;
    fuel: string;
    vehicleType: ZoneVehicleType;
    /** YYYY-MM */
    firstRegistered: string;
  };
  zones: ZoneVerdict[];
  checkedAt: string;
}

/** The checker's error codes (docs/behaviour/entry.md#ulez-panels). */
export const ULEZ_ERROR_CODES = [
  'compliance_service_error',
  'vehicle_lookup_failed',
  'too_many_requests',
  'not_available',
  'vehicle_generation_failure',
  'exceeded',
  'bad_request',
] as const;
export type UlezErrorCode = (typeof ULEZ_ERROR_CODES)[number];

/** Any code the panel has no words for is shown as the default panel (docs/behaviour/entry.md#lookup-errors). */
export function ulezErrorCode(code: unknown): UlezErrorCode | 'default' {
  return (ULEZ_ERROR_CODES as readonly unknown[]).includes(code) ? (code as UlezErrorCode) : 'default';
}
