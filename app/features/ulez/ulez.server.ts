import type { UlezCheckResponse } from '../../../contract/ulez';

/** What the session keeps of the last result (spec 1 §9 ulezVehicleData): enough to show it again. */
export type UlezVehicleData = Pick<UlezCheckResponse, 'isCompliant' | 'euroStatus' | 'basis' | 'vehicle' | 'checkedAt'>;

export function keepUlezResult(result: UlezCheckResponse): UlezVehicleData {
  const { isCompliant, euroStatus, basis, vehicle, checkedAt } = result;
  return { isCompliant, euroStatus, basis, vehicle, checkedAt };
}

declare module '~/lib/session.server' {
  interface SessionData {
    /** The ULEZ checker's last result (spec 1 §9 ulezVehicleData), so a reload shows it. */
    ulezVehicleData?: UlezVehicleData;
  }
}
