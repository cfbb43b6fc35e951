import { redirect, type AppLoadContext } from '@remix-run/cloudflare';
import { normaliseVrm } from '../../contract/vrm';
import { progressSteps } from '../../contract/progress';
import { requireUser } from './require-user.server';
import { currentEnquiry, saleStatus } from './sale.server';

/**
 * For the sale steps: the signed-in seller's enquiry for this car, its sale and post-sale facts.
 * A car that is not theirs (or has no enquiry) goes back to its vehicle page.
 */
export async function loadSellerSale(request: Request, context: AppLoadContext, vrmParam: string | undefined) {
  requireUser(request, context);
  const vrm = normaliseVrm(vrmParam ?? '');
  const current = await currentEnquiry(context.gateway, vrm);
  if (!current) throw redirect(`/${vrm}`);
  const status = current.sale?.acceptedAt ? await saleStatus(context.gateway, current.enquiry.id) : null;
  const progress =
    current.sale?.acceptedAt && status
      ? progressSteps(vrm, { sale: current.sale, bankDetailsConfirmed: status.bankDetailsConfirmed, documentsSubmitted: status.documentsSubmitted })
      : null;
  return { vrm, ...current, status, progress };
}
