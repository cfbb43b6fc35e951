import { financeSplit, type FinanceStatus } from '../../../contract/finance';
import type { endpoints } from '../../../contract/endpoints';
import type { EnquiryRow } from '../records/enquiries';
import { clientAccount, devEndpointsOn, type PlatformEnv } from '../env';
import type { TypedHandler } from '../router';
import { currentSettlement } from './finance-settlement';
import { loadProfile } from './profile';
import { declareFundsSent, findSale, recordFundsReceived } from './sale-store';
import { clockNowIso } from '../clock';
import { ledgerEntry } from './money-store';

async function financeStatus(env: PlatformEnv, enquiry: EnquiryRow): Promise<FinanceStatus | null> {
  // The account a shortfall is sent to is configuration (env.ts): refused in production when it is
  // missing or the development one, whether or not this sale needs it.
  const account = clientAccount(env);
  const sale = await findSale(env.DB, enquiry.dp_enquiry_id);
  if (!sale?.offer_amount) return null;
  const { finance } = await loadProfile(env, enquiry.id);
  // The lender's own figure, when the seller chose a listed lender and consented (finance-settlement.ts).
  const asked = finance?.outstanding ? await currentSettlement(env, enquiry.id) : null;
  const lenderFigure = asked?.figure ?? null;
  const settlement = finance?.outstanding ? (lenderFigure?.amount ?? finance.settlement ?? 0) : 0;
  const split = financeSplit(sale.offer_amount, settlement);
  return {
    outstanding: !!finance?.outstanding,
    lender: asked?.lender.name ?? finance?.lender ?? null,
    settlement,
    lenderFigure,
    figurePending: !!asked && !lenderFigure,
    typedBySeller: !!finance?.outstanding && !asked,
    settledAt: lenderFigure?.settledAt ?? null,
    salePrice: sale.offer_amount,
    ...split,
    clientAccount: split.shortfall > 0 ? { ...account, reference: `KS${sale.id}` } : null,
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
  const status = await financeStatus(ctx.env, enquiry);
  const now = clockNowIso();
  // The shortfall is money in: its ledger row goes with it (docs/decisions/037).
  await ctx.env.DB.batch([
    recordFundsReceived(ctx.env.DB, enquiry.dp_enquiry_id, now),
    ...(status?.shortfall && status.fundsDeclaredAt && enquiry.dp_enquiry_id
      ? [
          ledgerEntry(
            ctx.env.DB,
            {
              saleId: enquiry.dp_enquiry_id,
              enquiryId: enquiry.id,
              entry: 'shortfall_in',
              amountPence: Math.round(status.shortfall * 100),
              eventKey: `shortfall_in#${enquiry.dp_enquiry_id}`,
            },
            now,
          ),
        ]
      : []),
  ]);
  return financeStatus(ctx.env, enquiry);
};
