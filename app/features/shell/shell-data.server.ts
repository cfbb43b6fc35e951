import type { AppLoadContext } from '@remix-run/cloudflare';
import type { ReviewsResponse } from '../../../contract/gateway';
import type { DealerInterestCounts, DealerLogosResponse, RecentSalesResponse } from '../../../contract/shell';
import type { RecentSaleCard } from '~/features/entry/home-sections';
import { MODEL_MAX } from '~/features/entry/home-sections';
import { mediaUrl } from './media';
import { DEFAULT_RATING, reviewCountLabel, reviewsToShow, SHELL_CARD, truncate } from './reviews';
import { sharedBlocks } from '../../lib/shared-blocks.server';

/**
 * The data behind the shell's blocks (reviews, recent sales, dealers). A block whose service fails
 * is hidden, and the failure is logged (spec 1 §8: reported silently), never the page's error.
 */
function hidden<T>(block: string): (error: unknown) => T | null {
  return (error) => {
    console.warn(JSON.stringify({ event: 'block.unavailable', block, error: String(error) }));
    return null;
  };
}

/** A public platform answer, the same for every visitor: kept per isolate (shared-blocks.server.ts). */
function shared<T>(context: AppLoadContext, path: string, query: Record<string, string | number | undefined> = {}): Promise<T> {
  const key = `${path}?${new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])))}`;
  return sharedBlocks.get(key, context.config.sharedBlocksSeconds * 1000, () => context.gateway.get<T>(path, { query }));
}

export async function reviewsBlock(context: AppLoadContext, make?: string) {
  const data = await shared<ReviewsResponse>(context, '/platform/reviews').catch(hidden<ReviewsResponse>('reviews'));
  if (!data) return null;
  return {
    rating: data.summary.rating ?? DEFAULT_RATING,
    countLabel: reviewCountLabel(data.summary.totalReviews),
    reviews: reviewsToShow(data.reviews, make, SHELL_CARD),
  };
}

export async function recentSalesBlock(context: AppLoadContext, makeSlug?: string, areas?: string[]): Promise<RecentSaleCard[]> {
  const data = await shared<RecentSalesResponse>(context, '/platform/recent-sales', { make: makeSlug, areas: areas?.join(','), limit: 12 }).catch(hidden<RecentSalesResponse>('recent-sales'));
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
  const data = await shared<DealerLogosResponse>(context, '/platform/dealers/featured', { limit: 8, areas: areas?.join(',') }).catch(hidden<DealerLogosResponse>('dealers'));
  return (data?.dealers ?? []).map((dealer) => ({ id: dealer.id, name: dealer.name, town: dealer.town, logo: mediaUrl(dealer.logo.url) }));
}

/** How many dealers bid on the make lately (brand pages); hidden when the platform can't say. */
export async function dealerInterestBlock(context: AppLoadContext, makeSlug: string) {
  const data = await shared<DealerInterestCounts>(context, '/platform/bidding/bids/dealer-interest-counts', { makeSlug }).catch(hidden<DealerInterestCounts>('dealer-interest'));
  return data && data.lots > 0 ? data : null;
}
