import type { endpoints } from '../../../contract/endpoints';
import type { Handlers } from '../router';
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
  health: health,
  reviews: listReviews,
  makes: listMakes,
  recentSales: listRecentSales,
  featuredDealers: listFeaturedDealers,
  dealerInterest: dealerInterestCounts,
  vehicleImage: vehicleImage,
  dealerLogo: dealerLogo,
  events: recordEvents,
  chatLogin: chatLogin,
  chatWidget: chatWidget,
  affiliate: recordAffiliate,
};
