import { redirect, type AppLoadContext } from '@remix-run/cloudflare';
import { normaliseVrm } from '../../contract/vrm';
import { progressSteps } from '../../contract/progress';
import { requireUser } from './require-user.server';
import { loadOrOutage } from './form-failure.server';
import { currentEnquiry, saleStatus } from './sale.server';

/**
 * For the sale steps: the signed-in seller's enquiry for this car, its sale and post-sale facts.
 * A car that is not theirs (or has no enquiry) goes back to its vehicle page.
 */
export async function loadSellerSale(request: Request, context: AppLoadContext, vrmParam: string | undefined) {
  requireUser(request, context);
  const vrm = normaliseVrm(vrmParam ?? '');
  const { current, status } = await loadOrOutage(async () => {
    const found = await currentEnquiry(context.gateway, vrm);
    return { current: found, status: found?.sale?.acceptedAt ? await saleStatus(context.gateway, found.enquiry.id) : null };
  }, context.config.brandName);
  if (!current) throw redirect(`/${vrm}`);
  const progress =
    current.sale?.acceptedAt && status
      ? progressSteps(vrm, { sale: current.sale, bankDetailsConfirmed: status.bankDetailsConfirmed, documentsSubmitted: status.documentsSubmitted })
      : null;
  return { vrm, ...current, status, progress };
}
