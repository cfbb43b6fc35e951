import { redirect, type AppLoadContext } from '@remix-run/cloudflare';
import { endpoints } from '../../../contract/endpoints';
import { progressSteps, type ProgressStep } from '../../../contract/progress';
import type { CurrentEnquiry } from '../../../contract/sale';
import { normaliseVrm } from '../../../contract/vrm';
import { requireUser } from '../account/require-user.server';
import { readOrOutage, type Outage } from '../../lib/failures.server';
import type { GatewayClient } from '../../lib/gateway.server';
import { safeRedirect } from '../../lib/safe-redirect';

/**
 * The signed-in seller's enquiry for this car with its profile and sale; null when it is not theirs.
 *
 * Read once per request, however many ask: the vehicle layout, the sale steps' layout, the step's
 * loader and its action all read it through the gateway client, which asks the same GET once per
 * request (lib/gateway.server.ts) and asks again after a write, so the loaders that follow an
 * action in the same request never see the sale as it was before the action.
 */
export async function currentEnquiry(gateway: GatewayClient, vrm: string): Promise<CurrentEnquiry | null> {
  const result = await gateway.attempt(endpoints.sale.current, { query: { vrm } });
  if (result.ok) return result.value;
  // Its outcomes (contract/endpoints.ts): no enquiry for this car, or none of this seller's.
  if (result.failure.kind === 'outcome') return null;
  throw result.failure;
}

export type SellerSale = Awaited<ReturnType<typeof sellerSale>>;

/**
 * The seller's sale for a step of `/{vrm}/…`: a visitor is sent to sign in, and a car that is not
 * theirs (or has no enquiry) goes back to its vehicle page. An action reads it inside the try that
 * answers its platform write, so `failed` (lib/forms/form.server.ts) answers a failed read like a
 * failed save: the same page, the form as it was, the message (docs/decisions/010).
 */
export async function sellerSale(request: Request, context: AppLoadContext, vrmParam: string | undefined) {
  requireUser(request, context);
  const vrm = normaliseVrm(vrmParam ?? '');
  const current = await currentEnquiry(context.gateway, vrm);
  if (!current) throw redirect(safeRedirect(`/${vrm}`));
  return { vrm, ...current };
}

/** The seller's sale as a step's page reads it: the sale, or the outage that kept the platform from answering. */
export type SaleOrOutage = ({ outage: null } & SellerSale) | { outage: Outage; vrm: string };

/**
 * For the loaders of the sale's steps (and the profile's): the seller's sale, or during a platform
 * outage the outage instead of the page-load failure, so that the step renders in its frame with
 * the form as the seller sent it, or a notice with a link to try again (docs/decisions/026).
 */
export async function readSellerSale(request: Request, context: AppLoadContext, vrmParam: string | undefined): Promise<SaleOrOutage> {
  const read = await readOrOutage(() => sellerSale(request, context, vrmParam), context.config.brandName);
  return read.outage ? { outage: read.outage, vrm: normaliseVrm(vrmParam ?? '') } : { ...read.value, outage: null };
}

/** Where the sale is once an offer is accepted (the progress timeline), from the post-sale facts; null before. */
export async function saleProgress(context: AppLoadContext, sale: SellerSale): Promise<ProgressStep[] | null> {
  if (!sale.sale?.acceptedAt) return null;
  const status = await context.gateway.call(endpoints.sale.status, { params: { id: sale.enquiry.id } });
  return progressSteps(sale.vrm, {
    sale: sale.sale,
    bankDetailsConfirmed: status.bankDetailsConfirmed,
    documentsSubmitted: status.documentsSubmitted,
    documentsRequested: status.documentsRequested,
    revisedOffer: status.revisedOffer,
    payout: status.payout,
  });
}
