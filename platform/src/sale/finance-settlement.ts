import { FINANCE_CONSENT_WORDING, lastFour, type SettlementFigure } from '../../../contract/finance-settlement';
import type { endpoints } from '../../../contract/endpoints';
import { clockNow, clockNowIso, clockNowMs } from '../clock';
import type { PlatformEnv } from '../env';
import { notify, outgoing } from '../notify/messages';
import { requestSettlementLetter } from '../providers/lender-settlement';
import { lenderById, searchLenders, type Lender } from '../providers/lenders';
import { findEnquiryById, type EnquiryRow } from '../records/enquiries';
import type { TypedHandler } from '../router';
import {
  findLatestConsent,
  findLatestLetter,
  findLettersToRenew,
  insertLetter,
  markLatestLetterSettled,
  recordConsent,
  type ConsentRow,
  type LetterRow,
} from './finance-settlement-store';
import { loadProfile } from './profile';

/**
 * Finance settled for the seller (docs/behaviour/sale.md#finance; issue 35): the lender search, the
 * seller's consent to Kerbside asking their lender for a settlement figure, the figure itself from
 * the (simulated) lender, kept fresh by the Cron Trigger, and what the payout needs of it.
 */

const DAY_MS = 86_400_000;
/** A consent lets Kerbside ask the lender again for this long; after it the seller consents again. */
export const CONSENT_VALID_DAYS = 90;
/** The seller is told a figure is about to end this long before it does (once per letter). */
export const EXPIRY_WARNING_MS = 2 * DAY_MS;
/** The Cron Trigger asks the lender for a new figure this long before the current one ends. */
export const RENEW_BEFORE_MS = DAY_MS;

const UNKNOWN_LENDER = {
  status: 400,
  code: 'unknown_lender',
  message: 'Choose your lender from the list, or say it is not listed',
} as const;

/** GET /platform/finance-settlement/v1/provider?search= */
export const searchFinanceProviders: TypedHandler<typeof endpoints.sale.financeProviders> = async ({ query }) => ({
  lenders: searchLenders(query.search),
});

/** POST /platform/finance-settlement/v1/consent {enquiryId, lenderId, wording}: recorded word for word, with who and when. */
export const recordFinanceConsent: TypedHandler<typeof endpoints.sale.financeConsent> = async ({ body, enquiry, customer }, ctx) => {
  const lender = lenderById(body.lenderId);
  if (!lender) return ctx.outcome(UNKNOWN_LENDER);
  if (body.wording.replace(/\s+/g, ' ').trim() !== FINANCE_CONSENT_WORDING) {
    return ctx.outcome({ status: 400, code: 'wording_changed', message: 'The consent has changed: please read it again and tick it' });
  }
  const at = clockNowIso();
  const consent = await recordConsent(ctx.env.DB, {
    enquiryId: enquiry.id,
    userId: customer.user.id,
    lenderId: lender.id,
    wording: FINANCE_CONSENT_WORDING,
    at,
  }).first<ConsentRow>();
  return { lender: { id: lender.id, name: lender.name }, wording: consent!.wording, consentedAt: consent!.consented_at };
};

/** POST /platform/finance-settlement/v1/settlement/:lender {enquiryId}: ask the lender for the figure now. */
export const requestFinanceSettlement: TypedHandler<typeof endpoints.sale.financeSettlement> = async ({ params, enquiry }, ctx) => {
  const lender = lenderById(String(params.lender));
  if (!lender) return ctx.outcome(UNKNOWN_LENDER);
  const consent = await findLatestConsent(ctx.env.DB, enquiry.id, lender.id);
  if (!consent || consentLapsed(consent, clockNowMs())) {
    return ctx.outcome({ status: 409, code: 'no_consent', message: 'Tick the consent for us to ask your lender first' });
  }
  return toFigure(await askLender(ctx.env, enquiry, lender, consent, clockNow()), lender);
};

const consentLapsed = (consent: ConsentRow, nowMs: number) => Date.parse(consent.consented_at) + CONSENT_VALID_DAYS * DAY_MS < nowMs;

function toFigure(letter: LetterRow, lender: Lender): SettlementFigure {
  return {
    lender: { id: lender.id, name: lender.name },
    amount: letter.amount,
    agreementLast4: lastFour(letter.agreement_reference),
    expiresAt: letter.expires_at,
    requestedAt: letter.requested_at,
    settledAt: letter.settled_at,
  };
}

/** The car's valuation as the seller was shown it (the enquiry keeps it as JSON). */
function valuationOf(enquiry: EnquiryRow): number {
  try {
    return Number((JSON.parse(enquiry.valuation ?? '{}') as { price?: number }).price ?? 0) || 0;
  } catch {
    return 0;
  }
}

/** Asks the lender and keeps its letter with the seller's message about it, in one batch. */
async function askLender(env: PlatformEnv, enquiry: EnquiryRow, lender: Lender, consent: ConsentRow, now: Date): Promise<LetterRow> {
  const answer = requestSettlementLetter({
    lender,
    vrm: enquiry.vrm,
    valuation: valuationOf(enquiry),
    mileage: enquiry.mileage,
    requestedAt: now,
  });
  const requestedAt = now.toISOString();
  const message = outgoing(env, enquiry.id, `settlement_figure_received#${enquiry.id}.${lender.id}.${requestedAt}`, {
    kind: 'settlement_figure_received',
    lender: lender.name,
    amount: answer.amount,
    expiresAt: answer.expiresAt,
  });
  await env.DB.batch([
    insertLetter(env.DB, {
      enquiry_id: enquiry.id,
      consent_id: consent.id,
      lender_id: lender.id,
      amount: answer.amount,
      agreement_reference: answer.agreementReference,
      expires_at: answer.expiresAt,
      account_name: answer.account.name,
      sort_code: answer.account.sortCode,
      account_number: answer.account.accountNumber,
      requested_at: requestedAt,
    }),
    message.statement,
  ]);
  await message.send();
  return (await findLatestLetter(env.DB, enquiry.id, lender.id))!;
}

/** The listed lender the seller's profile names for outstanding finance, if any. */
async function profileLender(env: PlatformEnv, enquiryId: number): Promise<Lender | null> {
  const { finance } = await loadProfile(env, enquiryId);
  return finance?.outstanding && finance.lenderId ? lenderById(finance.lenderId) : null;
}

/**
 * The lender's figure for the finance page (finance.ts): the latest letter of the lender the profile
 * names, whether or not it has expired (the page says when it was asked and until when it holds);
 * `pending` when the seller consented and no figure has come yet.
 */
export async function currentSettlement(
  env: PlatformEnv,
  enquiryId: number,
): Promise<{ lender: Lender; figure: SettlementFigure | null } | null> {
  const lender = await profileLender(env, enquiryId);
  if (!lender) return null;
  const letter = await findLatestLetter(env.DB, enquiryId, lender.id);
  return { lender, figure: letter ? toFigure(letter, lender) : null };
}

/**
 * For the payout (collection day): the lender's current, unexpired figure and where to pay it,
 * asking the lender again first if the figure it holds has expired. Null when the seller's finance
 * is not settled through a listed lender (none, or the seller typed their own figure) or there is
 * no consent in force. A figure the lender has confirmed as settled is answered as it stands and
 * never asked for again.
 */
export async function settlementForPayout(
  env: PlatformEnv,
  enquiryId: number,
): Promise<{
  lender: { id: string; name: string };
  amount: number;
  agreementLast4: string;
  expiresAt: string;
  account: { name: string; sortCode: string; accountNumber: string };
} | null> {
  const enquiry = await findEnquiryById(env.DB, enquiryId);
  const lender = enquiry ? await profileLender(env, enquiryId) : null;
  if (!enquiry || !lender) return null;
  const consent = await findLatestConsent(env.DB, enquiryId, lender.id);
  if (!consent) return null;
  let letter = await findLatestLetter(env.DB, enquiryId, lender.id);
  const nowMs = clockNowMs();
  if (!letter || (!letter.settled_at && Date.parse(letter.expires_at) <= nowMs)) {
    if (consentLapsed(consent, nowMs)) return null;
    letter = await askLender(env, enquiry, lender, consent, clockNow());
  }
  return {
    lender: { id: lender.id, name: lender.name },
    amount: letter.amount,
    agreementLast4: lastFour(letter.agreement_reference),
    expiresAt: letter.expires_at,
    account: { name: letter.account_name, sortCode: letter.sort_code, accountNumber: letter.account_number },
  };
}

/**
 * The lender confirms the settlement was paid: the statements that record it, for the payout to
 * batch with its payment to the lender (docs/decisions/033). The finance page then shows "Finance
 * settled on …". Recorded once: a second confirmation changes nothing.
 */
export function financeSettledStatements(env: PlatformEnv, enquiryId: number, nowIso: string): D1PreparedStatement[] {
  return [markLatestLetterSettled(env.DB, enquiryId, nowIso)];
}

/**
 * The Cron Trigger's job (platform/src/index.ts): for each consent in force, a figure that ends
 * within EXPIRY_WARNING_MS is told to the seller once (`settlement_expiring`, keyed by the letter),
 * and one that ends within RENEW_BEFORE_MS, or has ended, or never came, is asked for again.
 */
export async function renewSettlementFigures(env: PlatformEnv, now: Date): Promise<{ warned: number; requested: number }> {
  const nowMs = now.getTime();
  const rows = await findLettersToRenew(
    env.DB,
    new Date(nowMs - CONSENT_VALID_DAYS * DAY_MS).toISOString(),
    new Date(nowMs + EXPIRY_WARNING_MS).toISOString(),
    200,
  );
  let warned = 0;
  let requested = 0;
  for (const row of rows) {
    const lender = await profileLender(env, row.enquiry_id);
    // The seller changed their answer since (no finance, another lender, or not listed).
    if (!lender || lender.id !== row.lender_id) continue;
    const enquiry = await findEnquiryById(env.DB, row.enquiry_id);
    const consent = await findLatestConsent(env.DB, row.enquiry_id, row.lender_id);
    if (!enquiry || !consent) continue;
    const left = row.expires_at ? Date.parse(row.expires_at) - nowMs : 0;
    // Told once per letter, and only when this run does not already ask for the next one.
    if (row.letter_id && row.expires_at && left > RENEW_BEFORE_MS) {
      const letter = await findLatestLetter(env.DB, row.enquiry_id, row.lender_id);
      await notify(env, row.enquiry_id, `settlement_expiring#${row.letter_id}`, {
        kind: 'settlement_expiring',
        lender: lender.name,
        amount: letter?.amount ?? 0,
        expiresAt: row.expires_at,
      });
      warned++;
    }
    if (!row.letter_id || left <= RENEW_BEFORE_MS) {
      await askLender(env, enquiry, lender, consent, now);
      requested++;
    }
  }
  return { warned, requested };
}
