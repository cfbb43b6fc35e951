import { redirect, type AppLoadContext } from '@remix-run/cloudflare';
import { normaliseVrm } from '../../../contract/vrm';
import { progressSteps } from '../../../contract/progress';
import { requireUser } from '../account/require-user.server';
import { loadOrOutage } from '../../lib/failures.server';
import { currentEnquiry } from './sale.server';
import { safeRedirect } from '../../lib/safe-redirect';
import { endpoints } from '../../../contract/endpoints';

/**
 * For the sale steps' loaders: the signed-in seller's enquiry for this car, its sale and post-sale
 * facts. A car that is not theirs (or has no enquiry) goes back to its vehicle page; a platform
 * outage is the page-load failure (loadOrOutage).
 */
export async function loadSellerSale(request: Request, context: AppLoadContext, vrmParam: string | undefined) {
  return loadOrOutage(() => findSellerSale(request, context, vrmParam), context.config.brandName);
}

/**
 * The same for actions, which read it inside the try that answers their platform write: the
 * platform's errors come out as they are, so `failureReply` answers a failed read like a failed
 * save (the same page, the form as it was, the message). The page-load failure would be the
 * route's error instead, which takes the place of the form: with scripts, of what the seller
 * typed into it (docs/decisions/010).
 */
export async function findSellerSale(request: Request, context: AppLoadContext, vrmParam: string | undefined) {
  requireUser(request, context);
  const vrm = normaliseVrm(vrmParam ?? '');
  const current = await currentEnquiry(context.gateway, vrm);
  const status = current?.sale?.acceptedAt ? await context.gateway.call(endpoints.sale.status, { params: { id: current.enquiry.id } }) : null;
  if (!current) throw redirect(safeRedirect(`/${vrm}`));
  const progress =
    current.sale?.acceptedAt && status
      ? progressSteps(vrm, { sale: current.sale, bankDetailsConfirmed: status.bankDetailsConfirmed, documentsSubmitted: status.documentsSubmitted })
      : null;
  return { vrm, ...current, status, progress };
}
