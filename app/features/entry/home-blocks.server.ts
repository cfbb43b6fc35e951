import type { AppLoadContext } from '@remix-run/cloudflare';
import { endpoints } from '../../../contract/endpoints';
import type { DealerInterestCounts, DealerLogosResponse, RecentSalesResponse } from '../../../contract/shell';
import { hiddenOnFailure, sharedBlock } from '~/lib/shared-blocks.server';
import { mediaUrl } from '~/features/shell/media';
import { truncate } from '~/features/shell/reviews';
import { MODEL_MAX, type RecentSaleCard } from './home-sections';

/**
 * The home, brand and landing pages' blocks: recent sales, featured dealers, dealer interest. The
 * same for every visitor, so kept per isolate; a block whose service fails is hidden.
 */
export async function recentSalesBlock(context: AppLoadContext, makeSlug?: string, areas?: string[]): Promise<RecentSaleCard[]> {
  const data = await sharedBlock(context, endpoints.shell.recentSales, {
    query: { make: makeSlug, areas: areas?.join(','), limit: 12 },
  }).catch(hiddenOnFailure<RecentSalesResponse>('recent-sales'));
  return (data?.sales ?? []).map((sale) => ({
    id: sale.id,
    firstName: sale.seller.firstName,
    make: sale.vehicle.make,
    model: truncate(sale.vehicle.model, MODEL_MAX),
    soldPrice: sale.sale.soldPrice,
    soldDate: sale.sale.soldDate,
    image: mediaUrl(sale.vehicle.leadPhoto.url),
  }));
}

export async function dealerLogosBlock(context: AppLoadContext, areas?: string[]) {
  const data = await sharedBlock(context, endpoints.shell.featuredDealers, { query: { limit: 8, areas: areas?.join(',') } }).catch(
    hiddenOnFailure<DealerLogosResponse>('dealers'),
  );
  return (data?.dealers ?? []).map((dealer) => ({ id: dealer.id, name: dealer.name, town: dealer.town, logo: mediaUrl(dealer.logo.url) }));
}

/** How many dealers bid on the make lately (brand pages); hidden when the platform can't say. */
export async function dealerInterestBlock(context: AppLoadContext, makeSlug: string) {
  const data = await sharedBlock(context, endpoints.shell.dealerInterest, { query: { makeSlug } }).catch(
    hiddenOnFailure<DealerInterestCounts>('dealer-interest'),
  );
  return data && data.lots > 0 ? data : null;
}
