import type { endpoints } from '../../../contract/endpoints';
import type { Handlers } from '../router';
import { checkEligibility, createEnquiry, premiumOffer, valuateVehicle } from './enquiries';
import { similarSoldVehicles, vehicleInsights } from './insights';
import { getMotHistory, getVehicle, lookup } from './vehicles';

export const entryHandlers: Handlers<typeof endpoints.entry> = {
  lookup: lookup,
  vehicle: getVehicle,
  motHistory: getMotHistory,
  createEnquiry: createEnquiry,
  valuate: valuateVehicle,
  eligibility: checkEligibility,
  premiumOffer: premiumOffer,
  similarSold: similarSoldVehicles,
  insights: vehicleInsights,
};
