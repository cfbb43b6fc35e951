import type { endpoints } from '../../../contract/endpoints';
import { legacy, type Handlers } from '../router';
import { checkEligibility, createEnquiry, premiumOffer, valuateVehicle } from './enquiries';
import { similarSoldVehicles, vehicleInsights } from './insights';
import { getMotHistory, getVehicle, lookup } from './vehicles';

export const entryHandlers: Handlers<typeof endpoints.entry> = {
  lookup: legacy(lookup),
  vehicle: legacy(getVehicle),
  motHistory: legacy(getMotHistory),
  createEnquiry: legacy(createEnquiry),
  valuate: legacy(valuateVehicle),
  eligibility: legacy(checkEligibility),
  premiumOffer: legacy(premiumOffer),
  similarSold: legacy(similarSoldVehicles),
  insights: legacy(vehicleInsights),
};
