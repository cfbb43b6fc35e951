import { REFERRAL_REWARD_PENCE } from '../../../contract/accounts';
import { financeSplit } from '../../../contract/finance';
import { formatVrm } from '../../../contract/vrm';
import { clockNowIso, clockNowMs } from '../clock';
import type { PlatformEnv } from '../env';
import { outgoing, type OutgoingMessage } from '../notify/messages';
import { paymentStatus, submitPayment, type ProviderStatus } from '../providers/faster-payments';
import { findEnquiryById, moveEnquiry, type EnquiryRow } from '../records/enquiries';
import { payoutFrozen } from '../records/freeze-links';
import {
  findPayoutByProviderId,
  ledgerEntry,
  markLotPaid,
  markLotUnpaid,
  markPayoutAttemptFailed,
  markPayoutCredited,
  markPayoutHeld,
  markPayoutReturned,
  markPayoutSent,
  payoutsInStates,
  payoutsOfSale,
  recordCallback,
  requestPayout,
  type PayoutRow,
} from './money-store';
import { payoutAccountOf } from './payments';
import { findBeneficiary } from './payments-store';
import { loadProfile } from './profile';
import { financeSettledStatements, settlementForPayout } from './finance-settlement';
import { payeeCheckFor, recheckPayee } from './payee-check';
import { referralRewardFor } from './referral-rewards';
import { findSale, type SaleRow } from './sale-store';

/**
 * The money after the handover (docs/decisions/037). The dealer's funds, held for the sale by the
 * payment provider, are in when the car changes hands (a ledger row); from them the lender is paid
 * first and the seller the rest, each payout `requested → sent → credited` (or `returned`) through
 * the Faster Payments provider (providers/faster-payments.ts, simulated). Every state change is one
 * batch with the ledger row and the message it goes with; the provider's answers arrive by a signed
 * callback or the reconciliation job (the Cron Trigger), whichever is first, and the second changes
 * nothing. For every sale: price + shortfall received = lender paid + seller paid − returned.
 */

const pence = (pounds: number) => Math.round(pounds * 100);

/** The statements that go with the car changing hands at `finalAmount`: the dealer's funds in, and the payouts they pay for. */
export async function payoutsAtHandover(env: PlatformEnv, enquiry: EnquiryRow, sale: SaleRow, finalAmount: number, nowIso: string) {
  const { finance } = await loadProfile(env, enquiry.id);
  // The lender's own figure when they were asked (finance-settlement.ts), else the one the seller typed.
  const fromLender = finance?.outstanding ? await settlementForPayout(env, enquiry.id) : null;
  const settlement = fromLender?.amount ?? (finance?.outstanding ? (finance.settlement ?? 0) : 0);
  const split = financeSplit(finalAmount, settlement);
  const seller = await payoutAccountOf(env, enquiry.id);
  const reference = `KERBSIDE ${formatVrm(enquiry.vrm)}`.slice(0, 18);
  const statements = [
    ledgerEntry(
      env.DB,
      {
        saleId: sale.id,
        enquiryId: enquiry.id,
        entry: 'dealer_funds_in',
        amountPence: pence(finalAmount),
        eventKey: `dealer_funds_in#${sale.id}`,
      },
      nowIso,
    ),
  ];
  if (split.toLender > 0) {
    statements.push(
      requestPayout(
        env.DB,
        {
          saleId: sale.id,
          enquiryId: enquiry.id,
          payee: 'lender',
          // Negative equity: the lender is owed the whole settlement, the seller's shortfall included.
          amountPence: pence(split.toLender),
          accountName: fromLender?.account.name ?? finance?.lender ?? 'The finance lender',
          last4: fromLender?.account.accountNumber.slice(-4) ?? '',
          reference: `SETTLE ${reference}`.slice(0, 18),
        },
        nowIso,
      ),
    );
  }
  if (split.toSeller > 0) {
    statements.push(
      requestPayout(
        env.DB,
        {
          saleId: sale.id,
          enquiryId: enquiry.id,
          payee: 'seller',
          amountPence: pence(split.toSeller),
          accountName: seller?.accountName ?? '',
          last4: seller?.accountNumber.slice(-4) ?? '',
          reference,
        },
        nowIso,
      ),
    );
  }
  return statements;
}

/** Why a payout cannot go now, or null. */
async function holdFor(env: PlatformEnv, payout: PayoutRow, all: PayoutRow[]): Promise<string | null> {
  if (await payoutFrozen(env, payout.enquiry_id)) return 'frozen';
  if (payout.payee === 'lender') {
    const sale = await findSale(env.DB, payout.sale_id);
    // Negative equity: the lender is paid in full once the seller's shortfall has arrived.
    if (sale && payout.amount_pence > pence(sale.final_amount ?? 0) && !sale.funds_received_at) return 'shortfall_pending';
    return null;
  }
  // The lender is paid first: the seller's money waits for the lender's payment to be sent.
  if (all.some((p) => p.payee === 'lender' && p.state !== 'sent' && p.state !== 'credited')) return 'lender_first';
  // Confirmation of Payee (payee-check.ts): a no-match the seller kept is held for a check; one the
  // bank could not answer is asked again now, and waits if it still cannot.
  let check = await payeeCheckFor(env, payout.enquiry_id);
  if (check.holdPayout && check.result === 'unavailable') check = await recheckPayee(env, payout.enquiry_id);
  if (check.holdPayout) return 'payee_check';
  return null;
}

async function lenderAccount(env: PlatformEnv, enquiryId: number) {
  const settlement = await settlementForPayout(env, enquiryId);
  return settlement
    ? {
        accountName: settlement.account.name,
        sortCode: settlement.account.sortCode,
        accountNumber: settlement.account.accountNumber,
        confirmed: true,
      }
    : null;
}

/**
 * Sends what can be sent for a sale: each requested (or held) payout whose hold has lifted goes to
 * the provider, with the payout's id as the idempotency key (a retry is the same payment).
 */
export async function dispatchPayouts(env: PlatformEnv, saleId: number, nowMs = clockNowMs()): Promise<void> {
  const all = await payoutsOfSale(env.DB, saleId);
  for (const payout of all) {
    if (payout.state !== 'requested' && payout.state !== 'held') continue;
    const hold = await holdFor(env, payout, all);
    if (hold) {
      if (hold !== payout.hold_reason) await markPayoutHeld(env.DB, payout.id, hold).run();
      continue;
    }
    // The lender's account from their settlement letter (asked again if it has expired); the seller's from their bank details.
    const account = payout.payee === 'lender' ? await lenderAccount(env, payout.enquiry_id) : await payoutAccountOf(env, payout.enquiry_id);
    if (!account?.confirmed) {
      await markPayoutHeld(env.DB, payout.id, payout.payee === 'lender' ? 'lender_account_pending' : 'no_confirmed_account').run();
      continue;
    }
    let submitted;
    try {
      submitted = await submitPayment(
        env.DB,
        {
          idempotencyKey: `payout-${payout.id}`,
          amountPence: payout.amount_pence,
          sortCode: account.sortCode,
          accountNumber: account.accountNumber,
          accountName: account.accountName,
          reference: payout.reference,
        },
        nowMs,
      );
    } catch (error) {
      // The provider could not be reached: the payout stays requested, and the Cron Trigger tries again.
      await markPayoutAttemptFailed(env.DB, payout.id, String(error).slice(0, 200)).run();
      continue;
    }
    if (!submitted.accepted) {
      await markPayoutHeld(env.DB, payout.id, submitted.reason).run();
      continue;
    }
    try {
      await writeSent(env, payout, submitted.paymentId, new Date(nowMs).toISOString());
      payout.state = 'sent';
    } catch (error) {
      // The provider has the payment but our batch failed: nothing of it is written (the state and
      // its ledger row are one batch), and the next attempt submits the same idempotency key,
      // which the provider answers with the same payment: sent once, recorded once.
      console.error(JSON.stringify({ event: 'payouts.record_failed', payoutId: payout.id, error: String(error) }));
    }
  }
}

/** A payout has left: its state, its ledger row and (for the seller) the sale paid and the message, in one batch. */
async function writeSent(env: PlatformEnv, payout: PayoutRow, paymentId: string, nowIso: string) {
  const statements = [
    markPayoutSent(env.DB, payout.id, paymentId, nowIso),
    ledgerEntry(
      env.DB,
      {
        saleId: payout.sale_id,
        enquiryId: payout.enquiry_id,
        entry: payout.payee === 'lender' ? 'lender_paid' : 'seller_paid',
        amountPence: payout.amount_pence,
        payoutId: payout.id,
        eventKey: `${payout.payee}_paid#${payout.id}`,
      },
      nowIso,
    ),
  ];
  const messages: OutgoingMessage[] = [];
  if (payout.payee === 'seller') {
    const enquiry = (await findEnquiryById(env.DB, payout.enquiry_id))!;
    const reward = await referralRewardFor(env, enquiry);
    const message = outgoing(env, payout.enquiry_id, `paid#${payout.id}`, {
      kind: 'paid',
      amount: payout.amount_pence / 100,
      accountEnding: payout.account_last4,
      sentAt: nowIso,
    });
    statements.push(
      markLotPaid(env.DB, payout.sale_id, nowIso),
      moveEnquiry(env.DB, payout.enquiry_id, { slug: 'sold-invoice-paid', status: 'sold_invoice_paid' }, nowIso),
      // The referrer's reward is money out too: its ledger row goes with it.
      ...(reward
        ? [
            reward,
            ledgerEntry(
              env.DB,
              {
                saleId: payout.sale_id,
                enquiryId: payout.enquiry_id,
                entry: 'referral_reward',
                amountPence: REFERRAL_REWARD_PENCE,
                eventKey: `referral_reward#${payout.sale_id}`,
              },
              nowIso,
            ),
          ]
        : []),
      message.statement,
    );
    messages.push(message);
  }
  await env.DB.batch(statements);
  for (const message of messages) await message.send();
}

/**
 * What the provider says became of a sent payment, applied once: credited, or returned (the
 * money back in, the sale unpaid again, the seller asked for new details). `webhookId` is the
 * callback's, recorded in the same batch so a second delivery is known.
 */
export async function applyProviderStatus(
  env: PlatformEnv,
  status: ProviderStatus,
  webhookId: string | null,
): Promise<'applied' | 'unchanged' | 'unknown'> {
  const payout = await findPayoutByProviderId(env.DB, status.paymentId);
  if (!payout) return 'unknown';
  const nowIso = clockNowIso();
  const seen = webhookId ? [recordCallback(env.DB, webhookId, nowIso)] : [];
  if (payout.state !== 'sent' || status.state === 'sent') {
    if (seen.length) await env.DB.batch(seen);
    return 'unchanged';
  }
  const at = new Date(status.at).toISOString();
  const messages: OutgoingMessage[] = [];
  const statements: D1PreparedStatement[] = [...seen];
  if (status.state === 'credited') {
    statements.push(markPayoutCredited(env.DB, payout.id, at));
    // The lender has the money: their confirmation, "finance settled", goes on the seller's record.
    if (payout.payee === 'lender') statements.push(...financeSettledStatements(env, payout.enquiry_id, at));
    if (payout.payee === 'seller') {
      messages.push(
        outgoing(env, payout.enquiry_id, `payout_credited#${payout.id}`, {
          kind: 'payout_credited',
          amount: payout.amount_pence / 100,
          accountEnding: payout.account_last4,
        }),
      );
    }
  } else {
    statements.push(
      markPayoutReturned(env.DB, payout.id, at, status.reason),
      ledgerEntry(
        env.DB,
        {
          saleId: payout.sale_id,
          enquiryId: payout.enquiry_id,
          entry: 'payout_returned',
          amountPence: payout.amount_pence,
          payoutId: payout.id,
          eventKey: `payout_returned#${payout.id}`,
        },
        nowIso,
      ),
    );
    if (payout.payee === 'seller') {
      statements.push(
        markLotUnpaid(env.DB, payout.sale_id),
        moveEnquiry(env.DB, payout.enquiry_id, { slug: 'sold-purchase-confirmed', status: 'sold_purchase_confirmed' }, nowIso),
      );
      messages.push(
        outgoing(env, payout.enquiry_id, `payout_returned#${payout.id}`, {
          kind: 'payout_returned',
          amount: payout.amount_pence / 100,
          accountEnding: payout.account_last4,
        }),
      );
    }
  }
  await env.DB.batch([...statements, ...messages.map((m) => m.statement)]);
  for (const message of messages) await message.send();
  return 'applied';
}

/**
 * After a return, the seller's new account (changed under the payee-change rules: the e-mailed
 * code) gets a new payout of the same amount; nothing is sent again to the account that returned it.
 */
async function repayReturned(env: PlatformEnv, sale: SaleRow, nowIso: string): Promise<boolean> {
  const all = await payoutsOfSale(env.DB, sale.id);
  const seller = all.filter((p) => p.payee === 'seller');
  const last = seller.at(-1);
  if (!last || last.state !== 'returned') return false;
  const beneficiary = await findBeneficiary(env.DB, sale.enquiry_id);
  if (!beneficiary?.confirmed_at || beneficiary.updated_at <= (last.returned_at ?? '') || beneficiary.last4 === last.account_last4)
    return false;
  const account = await payoutAccountOf(env, sale.enquiry_id);
  await requestPayout(
    env.DB,
    {
      saleId: sale.id,
      enquiryId: sale.enquiry_id,
      payee: 'seller',
      amountPence: last.amount_pence,
      accountName: account?.accountName ?? '',
      last4: beneficiary.last4,
      reference: last.reference,
    },
    nowIso,
  ).run();
  return true;
}

/** Brings a sale's money up to the clock: a returned payout repaid to new details, what can be sent sent, what was sent asked after. */
export async function settlePayouts(env: PlatformEnv, saleId: number, nowMs = clockNowMs()): Promise<void> {
  const sale = await findSale(env.DB, saleId);
  if (!sale?.collected_at) return;
  await repayReturned(env, sale, new Date(nowMs).toISOString());
  await dispatchPayouts(env, saleId, nowMs);
  for (const payout of await payoutsOfSale(env.DB, saleId)) {
    if (payout.state !== 'sent' || !payout.provider_payment_id) continue;
    const status = await paymentStatus(env.DB, payout.provider_payment_id, nowMs);
    if (status) await applyProviderStatus(env, status, null);
  }
}

/** The Cron Trigger's reconciliation: every sale with money still moving. */
export async function reconcilePayouts(env: PlatformEnv, now: Date, limit = 200) {
  const moving = await payoutsInStates(env.DB, ['requested', 'held', 'sent', 'returned'], limit);
  const sales = [...new Set(moving.map((p) => p.sale_id))];
  for (const saleId of sales) {
    try {
      await settlePayouts(env, saleId, now.getTime());
    } catch (error) {
      console.error(JSON.stringify({ event: 'payouts.reconcile_failed', saleId, error: String(error) }));
    }
  }
  return { sales: sales.length };
}
