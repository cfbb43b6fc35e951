import type { AppLoadContext } from '@remix-run/cloudflare';
import { endpoints } from '../../../contract/endpoints';
import type { DealerRecord, ValuationAccuracy } from '../../../contract/published-record';
import { failureView, logFailure } from '../../lib/failures.server';

/**
 * The sales record's published figures as the pages read them. Neither is the page's reason to be,
 * so a platform failure leaves it out in words ('unavailable') instead of failing the page; an
 * ended session is still the gateway client's to answer (docs/decisions/034).
 */

/** The buying dealer's record for the offer page, or 'unavailable' when the platform could not say. */
export async function readDealerRecord(context: AppLoadContext, dealerId: number): Promise<DealerRecord | 'unavailable'> {
  const result = await context.gateway.attempt(endpoints.sale.dealerRecord, { params: { id: dealerId } });
  if (result.ok) return result.value;
  logFailure('offer.dealer_record_failed', result.failure, failureView(result.failure, context.config.brandName)!);
  return 'unavailable';
}

/** The valuation's latest counted accuracy for /how-we-value, or 'unavailable'. */
export async function readValuationAccuracy(context: AppLoadContext): Promise<ValuationAccuracy | 'unavailable'> {
  const result = await context.gateway.attempt(endpoints.sale.valuationAccuracy);
  if (result.ok) return result.value;
  logFailure('how_we_value.accuracy_failed', result.failure, failureView(result.failure, context.config.brandName)!);
  return 'unavailable';
}
