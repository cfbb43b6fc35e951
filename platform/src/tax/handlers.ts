import type { endpoints } from '../../../contract/endpoints';
import type { Handlers } from '../router';
import { getVehicleTax } from './endpoint';

export const taxHandlers: Handlers<typeof endpoints.tax> = {
  check: getVehicleTax,
};
