import { financeSplit, type FinanceStatus } from '../../../contract/finance';
import type { endpoints } from '../../../contract/endpoints';
import type { EnquiryRow } from '../records/enquiries';
import { devEndpointsOn, type PlatformEnv } from '../env';
import type { TypedHandler } from '../router';
import { loadProfile } from './profile';
import { declareFundsSent, findSale, recordFundsReceived } from './sale-store';
import { clockNowIso } from '../clock';

/** The account sellers send a shortfall to: Kerbside's client account (a sandbox one locally). */
const CLIENT_ACCOUNT = { name: 'Kerbside Ltd client account', sortCode: '40-47-84', accountNumber: '70872490' };

async function financeStatus(env: PlatformEnv, enquiry: EnquiryRow): Promise<FinanceStatus | null> {
  const sale = await findSale(env.DB, enquiry.dp_enquiry_id);
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
export const getFinanceStatus: TypedHandler<typeof endpoints.sale.financeStatus> = async ({ enquiry }, ctx) => {
  const status = await financeStatus(ctx.env, enquiry);
  return status ?? ctx.outcome({ status: 404, code: 'no_sale', message: 'There is no agreed sale for this enquiry' });
};

/** POST /platform/payments/finance-funds/declare {enquiryId}: the seller says they sent the shortfall. */
export const declareFunds: TypedHandler<typeof endpoints.sale.declareFunds> = async ({ enquiry }, ctx) => {
  const status = await financeStatus(ctx.env, enquiry);
  if (!status?.shortfall) return ctx.outcome({ status: 409, code: 'no_shortfall', message: 'Nothing is owed on this sale' });
  await declareFundsSent(ctx.env.DB, enquiry.dp_enquiry_id, clockNowIso()).run();
  return (await financeStatus(ctx.env, enquiry))!;
};

/** Development only: the bank transfer arrives (an outside event, as the dealer's collection is). */
export const devFundsReceived: TypedHandler<typeof endpoints.dev.fundsReceived> = async ({ enquiry }, ctx) => {
  if (!devEndpointsOn(ctx.env)) return ctx.outcome({ status: 404, code: 'not_found', message: 'No such endpoint' });
  await recordFundsReceived(ctx.env.DB, enquiry.dp_enquiry_id, clockNowIso()).run();
  return financeStatus(ctx.env, enquiry);
};
