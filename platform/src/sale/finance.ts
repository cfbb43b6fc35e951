import { financeSplit, type FinanceStatus } from '../../../contract/finance';
import type { EnquiryRow } from '../records/enquiries';
import { devEndpointsOn, type PlatformEnv } from '../env';
import { errorResponse, json, readJsonObject } from '../http';
import { requireOwnEnquiry } from './ownership';
import { loadProfile } from './daily-sale';
import { clockNowIso } from '../clock';

/** The account sellers send a shortfall to: Kerbside's client account (a sandbox one locally). */
const CLIENT_ACCOUNT = { name: 'Kerbside Ltd client account', sortCode: '40-47-84', accountNumber: '70872490' };

interface SaleFunds {
  id: number;
  offer_amount: number | null;
  funds_declared_at: string | null;
  funds_received_at: string | null;
}

async function financeStatus(env: PlatformEnv, enquiry: EnquiryRow): Promise<FinanceStatus | null> {
  const sale = await env.DB.prepare('SELECT id, offer_amount, funds_declared_at, funds_received_at FROM sales WHERE id = ?1')
    .bind(enquiry.dp_enquiry_id)
    .first<SaleFunds>();
  if (!sale?.offer_amount) return null;
  const { finance } = await loadProfile(env, enquiry.id);
  const settlement = finance?.outstanding ? (finance.settlement ?? 0) : 0;
  const split = financeSplit(sale.offer_amount, settlement);
  return {
    outstanding: !!finance?.outstanding,
    lender: finance?.lender ?? null,
    settlement,
    salePrice: sale.offer_amount,
    ...split,
    clientAccount: split.shortfall > 0 ? { ...CLIENT_ACCOUNT, reference: `KS${sale.id}` } : null,
    fundsDeclaredAt: sale.funds_declared_at,
    fundsReceivedAt: sale.funds_received_at,
  };
}

/** GET /platform/payments/finance-status?enquiryId= */
export async function getFinanceStatus(request: Request, env: PlatformEnv) {
  const owned = await requireOwnEnquiry(request, env, Number(new URL(request.url).searchParams.get('enquiryId')));
  if (owned instanceof Response) return owned;
  const status = await financeStatus(env, owned.enquiry);
  return status ? json(status) : errorResponse(404, 'no_sale', 'There is no agreed sale for this enquiry');
}

/** POST /platform/payments/finance-funds/declare {enquiryId}: the seller says they sent the shortfall. */
export async function declareFunds(request: Request, env: PlatformEnv) {
  const owned = await requireOwnEnquiry(request, env, Number((await readJsonObject(request))?.enquiryId));
  if (owned instanceof Response) return owned;
  const status = await financeStatus(env, owned.enquiry);
  if (!status?.shortfall) return errorResponse(409, 'no_shortfall', 'Nothing is owed on this sale');
  await env.DB.prepare('UPDATE sales SET funds_declared_at = ?1 WHERE id = ?2 AND funds_declared_at IS NULL')
    .bind(clockNowIso(), owned.enquiry.dp_enquiry_id)
    .run();
  return json(await financeStatus(env, owned.enquiry));
}

/** Development only: the bank transfer arrives (an outside event, as the dealer's collection is). */
export async function devFundsReceived(request: Request, env: PlatformEnv, _ctx: ExecutionContext, params: Record<string, string>) {
  if (!devEndpointsOn(env)) return errorResponse(404, 'not_found', 'No such endpoint');
  const owned = await requireOwnEnquiry(request, env, Number(params.id));
  if (owned instanceof Response) return owned;
  await env.DB.prepare('UPDATE sales SET funds_received_at = ?1 WHERE id = ?2 AND funds_declared_at IS NOT NULL')
    .bind(clockNowIso(), owned.enquiry.dp_enquiry_id)
    .run();
  return json(await financeStatus(env, owned.enquiry));
}
