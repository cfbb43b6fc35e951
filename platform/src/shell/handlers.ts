import type { endpoints } from '../../../contract/endpoints';
import { legacy, type Handlers } from '../router';
import { recordAffiliate } from './affiliates';
import { recordEvents } from './analytics';
import { chatLogin, chatWidget } from './chat';
import { dealerInterestCounts } from './dealer-interest';
import { dealerLogo, listFeaturedDealers } from './dealer-logos';
import { health } from './health';
import { listMakes } from './makes';
import { listRecentSales } from './recent-sales';
import { listReviews } from './reviews';
import { vehicleImage } from './vehicle-images';

/** What the site shell reads besides pages (docs/behaviour/states.md, docs/behaviour/gateway.md#shell-calls, docs/behaviour/gateway.md#analytics; contract/shell.ts). */
export const shellHandlers: Handlers<typeof endpoints.shell> = {
  health: legacy(health),
  reviews: legacy(listReviews),
  makes: legacy(listMakes),
  recentSales: legacy(listRecentSales),
  featuredDealers: legacy(listFeaturedDealers),
  dealerInterest: legacy(dealerInterestCounts),
  vehicleImage: legacy(vehicleImage),
  dealerLogo: legacy(dealerLogo),
  events: legacy(recordEvents),
  chatLogin: legacy(chatLogin),
  chatWidget: legacy(chatWidget),
  affiliate: legacy(recordAffiliate),
};
