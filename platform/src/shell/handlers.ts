import { recordAffiliate } from './affiliates';
import { unsubscribe } from '../account/unsubscribe';
import { devEvents, recordEvents } from './analytics';
import { chatLogin, chatWidget } from './chat';
import { dealerInterestCounts } from './dealer-interest';
import { dealerLogo, listFeaturedDealers } from './dealer-logos';
import type { PlatformRouter } from '../sale/ownership';
import { listRecentSales } from './recent-sales';
import { vehicleImage } from './vehicle-images';

/** What the site shell reads besides pages (spec 2 §4, §7.1, §7.4; contract/shell.ts). */
export function registerShellRoutes(router: PlatformRouter): void {
  router
    .on('GET', '/platform/recent-sales', listRecentSales)
    .on('GET', '/platform/dealers/featured', listFeaturedDealers)
    .on('GET', '/platform/bidding/bids/dealer-interest-counts', dealerInterestCounts)
    .on('GET', '/platform/images/vehicles/:file', vehicleImage)
    .on('GET', '/platform/images/dealers/:file', dealerLogo)
    .on('POST', '/platform/events', recordEvents)
    .on('GET', '/platform/dev/events', devEvents)
    .on('GET', '/platform/virtual-assistant/auth', chatLogin)
    .on('GET', '/platform/chat/widget.js', chatWidget)
    .on('POST', '/platform/api/affiliates', recordAffiliate)
    .on('POST', '/platform/v3/customers/unsubscribe', unsubscribe);
}
