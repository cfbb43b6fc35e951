import { redirect, type AppLoadContext } from '@remix-run/cloudflare';
import { normaliseVrm } from '../../../contract/vrm';
import { progressSteps } from '../../../contract/progress';
import { requireUser } from '../account/require-user.server';
import { readOrOutage, type Outage } from '../../lib/failures.server';
import { currentEnquiry, currentEnquiryForPage } from './sale.server';
import { safeRedirect } from '../../lib/safe-redirect';
import { endpoints } from '../../../contract/endpoints';

export type SellerSale = Awaited<ReturnType<typeof findSellerSale>>;

/** The reads of one request: the sale layout and its step run their loaders side by side. */
const reads = new WeakMap<AppLoadContext, Map<string, Promise<SellerSale>>>();

/** One read of the seller's sale per request and car, as the platform answered it (failures included). */
function readOnce(request: Request, context: AppLoadContext, vrmParam: string | undefined): Promise<SellerSale> {
  const key = normaliseVrm(vrmParam ?? '');
  const ofRequest = reads.get(context) ?? new Map<string, Promise<SellerSale>>();
  reads.set(context, ofRequest);
  let read = ofRequest.get(key);
  if (!read) {
    read = findSellerSale(request, context, vrmParam, (vrm) => currentEnquiryForPage(context, vrm));
    ofRequest.set(key, read);
  }
  return read;
}

/** The seller's sale as a step reads it: the sale, or the outage that kept the platform from answering. */
export type SaleOrOutage = ({ outage: null } & SellerSale) | { outage: Outage; vrm: string };

/**
 * For the sale steps' loaders: the signed-in seller's enquiry for this car, its sale and post-sale
 * facts. A car that is not theirs (or has no enquiry) goes back to its vehicle page. During a
 * platform outage the step gets the outage instead of the page-load failure, and renders in its
 * frame with the form as the seller sent it, or a notice with a link to try again (docs/decisions/026).
 * Read once per request: the layout (routes/sale-steps.tsx) and the step share it. Only loaders
 * share it: an action reads the sale afresh (findSellerSale), and the loaders that follow an action
 * in the same request must not see the sale as it was before the action.
 */
export async function readSellerSale(request: Request, context: AppLoadContext, vrmParam: string | undefined): Promise<SaleOrOutage> {
  const read = await readOrOutage(() => readOnce(request, context, vrmParam), context.config.brandName);
  return read.outage ? { outage: read.outage, vrm: normaliseVrm(vrmParam ?? '') } : { ...read.value, outage: null };
}

/**
 * The same for actions, which read it inside the try that answers their platform write: the
 * platform's errors come out as they are, so `failed` (lib/forms/form.server.ts) answers a failed
 * read like a failed save (the same page, the form as it was, the message). The page-load failure
 * would be the route's error instead, which takes the place of the form: with scripts, of what the
 * seller typed into it (docs/decisions/010).
 */
export async function findSellerSale(
  request: Request,
  context: AppLoadContext,
  vrmParam: string | undefined,
  // Loaders share one read per request (readOnce); an action asks afresh.
  readCurrent = (vrm: string) => currentEnquiry(context.gateway, vrm),
) {
  requireUser(request, context);
  const vrm = normaliseVrm(vrmParam ?? '');
  const current = await readCurrent(vrm);
  const status = current?.sale?.acceptedAt
    ? await context.gateway.call(endpoints.sale.status, { params: { id: current.enquiry.id } })
    : null;
  if (!current) throw redirect(safeRedirect(`/${vrm}`));
  const progress =
    current.sale?.acceptedAt && status
      ? progressSteps(vrm, {
          sale: current.sale,
          bankDetailsConfirmed: status.bankDetailsConfirmed,
          documentsSubmitted: status.documentsSubmitted,
          documentsRequested: status.documentsRequested,
        })
      : null;
  return { vrm, ...current, status, progress };
}
