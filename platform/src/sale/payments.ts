import {
  checkBankDetails,
  formatSortCode,
  PAYMENT_STATUSES,
  type Beneficiary,
  type BeneficiaryResponse,
  type PayeeChangePending,
  type PaymentStatus,
  type PaymentStatusesResponse,
  type PaymentStep,
  type PayeeCodeOutcome,
  type PendingPayeeChange,
  type PendingPayeeCheck,
} from '../../../contract/bank-details';
import type { endpoints } from '../../../contract/endpoints';
import { greeting, sendEmail } from '../outbox';
import { formatVrm } from '../../../contract/vrm';
import { DEAD_OR_JUNK } from '../../../contract/enquiry-states';
import type { EnquiryRow } from '../records/enquiries';
import { DEV_SECRET_MARKER, intVar, isProduction, type PlatformEnv } from '../env';
import { confirmPayee, type PayeeCheckResponse } from '../providers/confirmation-of-payee';
import { clockNowIso, clockNowMs } from '../clock';
import { outgoing } from '../notify/messages';
import { describeSession, shortSessionId, type Customer, type UserRow } from '../auth';
import { freezeByLink, freezePayouts, issueFreezeLink, payoutFrozen } from '../records/freeze-links';
import { issueCode, retireCodes, tryCode, type CodeSubject, type Tried } from '../records/one-time-codes';
import { publicOrigin } from '../public-origin';
import type { TypedHandler } from '../router';
import {
  applyPayeeChange,
  cancelPayeeChanges,
  confirmBeneficiary as confirmAccount,
  findBeneficiary,
  holdPayeeChange,
  insertBeneficiary,
  isLostClaim,
  openPayeeChange,
  openPayeeCheck,
  recordPayeeChange,
  recordPayeeCheck,
  retirePayeeChecks,
  sealedAccountsOf,
  settlePayeeCheck,
  type BeneficiaryRow,
  type CopRecord,
  type PayeeCheckRow,
} from './payments-store';
import { latestSale } from './sale-store';
import { payoutViews } from './money-store';

/**
 * Payments (docs/behaviour/gateway.md#journey-calls): the account the seller is paid into, and how far the payment has got.
 * Only the seller who owns the enquiry reaches any of it, and no answer ever carries more of the
 * account number than its last four digits.
 */

export interface BankDetails {
  accountName: string;
  sortCode: string;
  accountNumber: string;
}

/** The payments key, refusing a missing or short one anywhere and a development one in production. */
function paymentsKey(env: PlatformEnv): string {
  const key = env.PAYMENTS_KEY ?? '';
  if (key.length < 32) throw new Error('PAYMENTS_KEY is missing or shorter than 32 characters');
  if (isProduction(env) && key.startsWith(DEV_SECRET_MARKER)) throw new Error('a development PAYMENTS_KEY is configured in production');
  return key;
}

const encoder = new TextEncoder();

/**
 * HKDF rather than the configured string itself: the AES key is uniformly random whatever the
 * secret looks like, and the label lets another use of PAYMENTS_KEY derive an unrelated key.
 * Derived per request, never cached at module scope (secrets stay out of isolate globals).
 */
async function detailsKey(env: PlatformEnv): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', encoder.encode(paymentsKey(env)), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: encoder.encode('kerbside-platform'), info: encoder.encode('beneficiaries.details v1') },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** Binds a ciphertext to its enquiry: copied onto another seller's row, it no longer decrypts. */
const associatedData = (enquiryId: number) => encoder.encode(`beneficiary:${enquiryId}`);

async function seal(env: PlatformEnv, enquiryId: number, details: BankDetails): Promise<{ iv: string; ciphertext: string }> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: associatedData(enquiryId) },
    await detailsKey(env),
    encoder.encode(JSON.stringify(details)),
  );
  return { iv: toBase64(iv), ciphertext: toBase64(new Uint8Array(ciphertext)) };
}

export async function unseal(
  env: PlatformEnv,
  row: Pick<BeneficiaryRow, 'enquiry_id' | 'details_iv' | 'details_ciphertext'>,
): Promise<BankDetails> {
  const plaintext = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(row.details_iv), additionalData: associatedData(row.enquiry_id) },
    await detailsKey(env),
    fromBase64(row.details_ciphertext),
  );
  return JSON.parse(new TextDecoder().decode(plaintext)) as BankDetails;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

function toBeneficiary(
  details: Pick<BankDetails, 'accountName' | 'sortCode'>,
  row: Pick<BeneficiaryRow, 'last4' | 'confirmed_at' | 'updated_at' | 'cop'>,
): Beneficiary {
  return {
    accountName: details.accountName,
    sortCode: formatSortCode(details.sortCode),
    accountNumberLast4: row.last4,
    confirmed: row.confirmed_at !== null,
    updatedAt: row.updated_at,
    nameCheck: row.cop ?? null,
    payoutHeldForCheck: holdsPayout(row.cop ?? null),
  };
}

/**
 * Whether a check of the name on the account holds the payout (docs/decisions/036): anything but a
 * match. An account given before the check existed (null) is checked again before it is paid
 * (recheckPayee), so it holds nothing by itself.
 */
export function holdsPayout(cop: BeneficiaryRow['cop']): boolean {
  return cop !== null && cop !== 'match';
}

/**
 * Confirmation of Payee for one account (the provider, platform/src/providers/confirmation-of-payee.ts),
 * after the simulated providers' round trip (PROVIDER_LATENCY_MS).
 */
export async function checkPayeeName(env: PlatformEnv, details: BankDetails): Promise<PayeeCheckResponse> {
  return confirmPayee(
    { sortCode: details.sortCode, accountNumber: details.accountNumber, name: details.accountName, accountType: 'personal' },
    { latencyMs: intVar(env.PROVIDER_LATENCY_MS, 250) },
  );
}

/** An open check lasts this long: long enough to ring the bank, short enough that typed details do not linger. */
const PAYEE_CHECK_MINUTES = 30;

/**
 * Whether two sales pay into the same bank account (sort code and account number), read from the
 * sealed details: the last four digits alone would match strangers. False when either has none.
 */
export async function sameBankAccount(env: PlatformEnv, enquiryA: number, enquiryB: number): Promise<boolean> {
  const [a, b] = await Promise.all([findBeneficiary(env.DB, enquiryA), findBeneficiary(env.DB, enquiryB)]);
  if (!a || !b) return false;
  const [da, db] = await Promise.all([unseal(env, a), unseal(env, b)]);
  return da.sortCode === db.sortCode && da.accountNumber === db.accountNumber;
}

/** A payout account's details as stored: sealed, and bound to the enquiry they were sealed for. */
/** Where a sale's payout goes, unsealed for the payment provider alone: never shown, logged or stored in clear. */
export async function payoutAccountOf(env: PlatformEnv, enquiryId: number): Promise<(BankDetails & { confirmed: boolean }) | null> {
  const row = await findBeneficiary(env.DB, enquiryId);
  if (!row) return null;
  return { ...(await unseal(env, row)), confirmed: row.confirmed_at !== null };
}

export interface SealedAccount {
  enquiryId: number;
  iv: string;
  ciphertext: string;
}

/** The sealed payout account of one enquiry, or null when it has none. */
export async function sealedAccountOf(env: PlatformEnv, enquiryId: number): Promise<SealedAccount | null> {
  const row = await findBeneficiary(env.DB, enquiryId);
  return row ? { enquiryId: row.enquiry_id, iv: row.details_iv, ciphertext: row.details_ciphertext } : null;
}

/** The sealed payout accounts of every enquiry of one customer, whatever became of each sale. */
export async function sealedAccountsOfCustomer(env: PlatformEnv, customerId: number): Promise<SealedAccount[]> {
  return (await sealedAccountsOf(env.DB, customerId)).map((row) => ({
    enquiryId: row.enquiry_id,
    iv: row.details_iv,
    ciphertext: row.details_ciphertext,
  }));
}

/** Whether `account` is the same bank account (sort code and number) as any of `others`, as sameBankAccount compares. */
export async function sameAsAnyAccount(env: PlatformEnv, account: SealedAccount, others: SealedAccount[]): Promise<boolean> {
  const open = (sealed: SealedAccount) =>
    unseal(env, { enquiry_id: sealed.enquiryId, details_iv: sealed.iv, details_ciphertext: sealed.ciphertext });
  const [mine, ...theirs] = await Promise.all([open(account), ...others.map(open)]);
  return theirs.some((other) => other.sortCode === mine!.sortCode && other.accountNumber === mine!.accountNumber);
}

/** What the seller is shown: the account on file, a change waiting or held, and whether the payout is frozen. */
async function beneficiaryView(env: PlatformEnv, enquiryId: number, sessionId: string): Promise<BeneficiaryResponse> {
  const [row, pendingChange, frozen, check] = await Promise.all([
    findBeneficiary(env.DB, enquiryId),
    pendingChangeOf(env, enquiryId, sessionId),
    payoutFrozen(env, enquiryId),
    openPayeeCheck(env.DB, enquiryId, sessionId, clockNowIso()),
  ]);
  return {
    beneficiary: row ? toBeneficiary(await unseal(env, row), row) : null,
    pendingChange,
    frozen,
    payeeCheck: check ? await toPayeeCheck(env, check) : null,
  };
}

async function toPayeeCheck(env: PlatformEnv, check: PayeeCheckRow): Promise<PendingPayeeCheck> {
  const typed = await unseal(env, check);
  return {
    id: check.id,
    result: check.result,
    bankName: check.bank_name,
    reason: check.reason,
    accountName: typed.accountName,
    sortCode: formatSortCode(typed.sortCode),
    accountNumberLast4: check.last4,
  };
}

/** GET /platform/payments/beneficiaries/{enquiryId} → BeneficiaryResponse */
export const getBeneficiary: TypedHandler<typeof endpoints.sale.beneficiary> = async ({ customer, enquiry }, ctx) =>
  beneficiaryView(ctx.env, enquiry.id, customer.sessionId);

/**
 * POST /platform/payments/beneficiaries/update {enquiryId, accountName, sortCode, accountNumber,
 * confirm?} → BeneficiaryResponse, or 400 InvalidBankDetailsBody. Changed details need confirming
 * again; the same details sent twice (a resubmitted form) keep their confirmation. `confirm`
 * confirms a new account (or the same one again) as it is saved: one call for the seller's save.
 */
export const updateBeneficiary: TypedHandler<typeof endpoints.sale.updateBeneficiary> = async ({ body, customer, enquiry }, ctx) => {
  const { env } = ctx;
  // Once the money has gone, new details would only mislead: a change then is a conversation.
  if (saleFacts(enquiry).paid) {
    return ctx.outcome({ status: 409, code: 'already_paid', message: 'This sale has been paid. Contact us if something is wrong' });
  }
  const checked = checkBankDetails({ accountName: body.accountName, sortCode: body.sortCode, accountNumber: body.accountNumber });
  if (!checked.ok) {
    const message = Object.values(checked.errors)[0] ?? 'Check your bank details';
    return ctx.outcome({ status: 400, code: 'invalid_bank_details', message, fields: checked.errors });
  }
  // Every account given or changed is e-mailed with a freeze link: without an origin to build it
  // on, nothing changes (the seller would have no way to stop a change they did not make).
  if (!publicOrigin(env)) {
    return ctx.outcome({
      status: 503,
      code: 'links_unavailable',
      message: 'We cannot change bank details just now. Please try again later',
    });
  }
  const details: BankDetails = { accountName: checked.accountName, sortCode: checked.sortCode, accountNumber: checked.accountNumber };
  const enquiryId = enquiry.id;
  const confirmedBy = body.confirm ? customer.user.id : null;

  const existing = await findBeneficiary(env.DB, enquiryId);
  if (existing) {
    const stored = await unseal(env, existing);
    const unchanged =
      stored.accountName === details.accountName && stored.sortCode === details.sortCode && stored.accountNumber === details.accountNumber;
    if (unchanged) {
      if (confirmedBy !== null) await confirmAccount(env.DB, enquiryId, confirmedBy, clockNowIso());
      return beneficiaryView(env, enquiryId, customer.sessionId);
    }
  }

  // Confirmation of Payee (docs/decisions/036): a close match or a no match saves nothing yet; the
  // page asks the seller (their answer is resolvePayeeCheck). A match or a check that could not be
  // made is saved with its outcome (an unavailable one is retried by the Cron Trigger).
  const answer = await checkPayeeName(env, details);
  if (answer.result === 'close_match' || answer.result === 'no_match') {
    const nowMs = clockNowMs();
    await recordPayeeCheck(
      env.DB,
      {
        enquiry_id: enquiryId,
        customer_id: customer.user.id,
        session_id: customer.sessionId,
        sealed: await seal(env, enquiryId, details),
        last4: details.accountNumber.slice(-4),
        result: answer.result,
        bank_name: answer.result === 'close_match' ? answer.bankName : null,
        reason: answer.result === 'close_match' ? answer.reason : null,
        expires_at: new Date(nowMs + PAYEE_CHECK_MINUTES * 60_000).toISOString(),
      },
      new Date(nowMs).toISOString(),
    );
    console.log(JSON.stringify({ event: 'payments.payee_check', enquiryId, result: answer.result }));
    return beneficiaryView(env, enquiryId, customer.sessionId);
  }
  const cop: CopRecord = { cop: answer.result, bankName: null, checkedAt: clockNowIso(), confirmedAt: null };
  const saved = await saveChecked(env, customer, enquiry, details, cop, { existing: !!existing, confirmedBy });
  return 'beneficiary' in saved ? saved : ctx.accepted(saved);
};

/**
 * Saves details whose check is settled: a sale's first account at once (with its notice), a change
 * of an account already given only with a fresh proof, a code e-mailed to the seller's proven
 * address (docs/decisions/031): whoever holds a session alone cannot redirect the money.
 */
async function saveChecked(
  env: PlatformEnv,
  customer: Customer,
  enquiry: EnquiryRow,
  details: BankDetails,
  cop: CopRecord,
  options: { existing: boolean; confirmedBy: number | null },
): Promise<BeneficiaryResponse | PayeeChangePending> {
  const enquiryId = enquiry.id;
  if (options.existing) return { pendingChange: await startPayeeChange(env, customer, enquiry, details, cop) };
  const sealed = await seal(env, enquiryId, details);
  const last4 = details.accountNumber.slice(-4);
  const notice = await payeeNotice(env, customer.user, enquiry, last4, 'set');
  const nowIso = clockNowIso();
  await env.DB.batch([
    insertBeneficiary(env.DB, { enquiryId, customerId: customer.user.id, sealed, last4, confirmedBy: options.confirmedBy, cop }, nowIso),
    retirePayeeChecks(env.DB, enquiryId, nowIso),
    notice.statement,
  ]);
  await notice.send();
  if (cop.cop !== 'match') console.warn(JSON.stringify({ event: 'payments.payout_held_for_check', enquiryId, cop: cop.cop }));
  return beneficiaryView(env, enquiryId, customer.sessionId);
}

/**
 * POST /platform/payments/beneficiaries/payee-check {enquiryId, checkId, choice, understood?}: the
 * seller's answer to the bank's check of the details they typed. "Use this name" saves the details
 * with the name the bank holds; keeping details the bank could not match needs `understood` and
 * holds the payout for a check. Either way a change of an account already given still needs its
 * e-mailed code (202).
 */
export const resolvePayeeCheck: TypedHandler<typeof endpoints.sale.resolvePayeeCheck> = async ({ body, customer, enquiry }, ctx) => {
  const { env } = ctx;
  if (saleFacts(enquiry).paid) {
    return ctx.outcome({ status: 409, code: 'already_paid', message: 'This sale has been paid. Contact us if something is wrong' });
  }
  if (!publicOrigin(env)) {
    return ctx.outcome({
      status: 503,
      code: 'links_unavailable',
      message: 'We cannot change bank details just now. Please try again later',
    });
  }
  const nowIso = clockNowIso();
  const check = await openPayeeCheck(env.DB, enquiry.id, customer.sessionId, nowIso);
  if (!check || check.id !== body.checkId) {
    return ctx.outcome({ status: 410, code: 'check_expired', message: 'Those details have expired. Enter your bank details again' });
  }
  const wanted = body.choice === 'use_bank_name' ? 'close_match' : 'no_match';
  if (check.result !== wanted) {
    return ctx.outcome({ status: 409, code: 'wrong_choice', message: 'Enter your bank details again' });
  }
  if (body.choice === 'keep' && body.understood !== true) {
    return ctx.outcome({
      status: 400,
      code: 'not_understood',
      message: 'Tick the box to say you understand, or change the details',
      fields: { understood: 'Tick the box to say you understand the risk' },
    });
  }
  const typed = await unseal(env, check);
  // The bank's own name is a match; an account of the other type stays a close match, held for a check.
  const cop: CopRecord =
    body.choice === 'keep'
      ? { cop: 'no_match_confirmed', bankName: null, checkedAt: check.checked_at, confirmedAt: nowIso }
      : {
          cop: check.reason === 'account_type' ? 'close_match' : 'match',
          bankName: check.bank_name,
          checkedAt: check.checked_at,
          confirmedAt: null,
        };
  const details = body.choice === 'use_bank_name' && check.bank_name ? { ...typed, accountName: check.bank_name } : typed;
  if (!(await settlePayeeCheck(env.DB, check.id, body.choice === 'keep' ? 'kept' : 'used_bank_name', nowIso))) {
    return ctx.outcome({ status: 410, code: 'check_expired', message: 'Those details have expired. Enter your bank details again' });
  }
  const existing = await findBeneficiary(env.DB, enquiry.id);
  console.log(JSON.stringify({ event: 'payments.payee_check_resolved', enquiryId: enquiry.id, choice: body.choice }));
  const saved = await saveChecked(env, customer, enquiry, details, cop, { existing: !!existing, confirmedBy: customer.user.id });
  return 'beneficiary' in saved ? saved : ctx.accepted(saved);
};

const payeeCodes = (enquiryId: number): CodeSubject => ({ purpose: 'payee_change', subject: `enquiry:${enquiryId}` });

async function pendingChangeOf(env: PlatformEnv, enquiryId: number, sessionId: string): Promise<PendingPayeeChange | null> {
  const change = await openPayeeChange(env.DB, enquiryId, clockNowIso());
  if (!change) return null;
  return {
    state: change.state === 'held' ? 'held' : 'pending',
    accountNumberLast4: change.last4,
    requestedAt: change.created_at,
    expiresAt: change.state === 'pending' ? change.expires_at : null,
    requestedBy: change.session_id ? await shortSessionId(change.session_id) : null,
    requestedHere: change.session_id === sessionId,
  };
}

/**
 * The change waits, sealed; the code goes to the proven address with a freeze link beside it. A
 * new change retires older ones. Past the sale's codes for the hour or the day the change is held
 * for support instead, and the owner is told.
 */
async function startPayeeChange(env: PlatformEnv, caller: Customer, enquiry: EnquiryRow, details: BankDetails, cop: CopRecord) {
  const { user } = caller;
  const sealed = await seal(env, enquiry.id, details);
  const nowMs = clockNowMs();
  const last4 = details.accountNumber.slice(-4);
  const issued = await issueCode(env.DB, payeeCodes(enquiry.id), nowMs);
  const held = !issued.ok;
  await recordPayeeChange(
    env.DB,
    {
      enquiryId: enquiry.id,
      customerId: user.id,
      sessionId: caller.sessionId,
      sealed,
      last4,
      codeId: issued.ok ? issued.id : null,
      expiresAt: issued.ok ? issued.expiresAt : null,
      cop,
    },
    new Date(nowMs).toISOString(),
  );
  const freeze = await issueFreezeLink(env, { userId: user.id, enquiryId: enquiry.id }, held ? 'payee_change_held' : 'payee_code');
  const vehicle = formatVrm(enquiry.vrm);
  const device = await describeSession(env, caller.sessionId);
  if (issued.ok) {
    // Never the code in the subject: subjects show on lock screens and in notifications.
    await sendEmail(
      env,
      user.email,
      'Your code to change where we pay you',
      `${greeting(user.first_name)}\n\nSomeone signed in to your Kerbside account (${device}) asked to change the account we pay for ${vehicle} to one ending ${last4}.\n\nIf that was you, enter this code on the page: ${issued.code}\nIt works for 15 minutes.\n\nNot you? Do not share the code: nothing changes without it. Freeze my payout and sign out everywhere: ${freeze.url}`,
      freeze.url,
    );
  } else {
    console.warn(JSON.stringify({ event: 'payments.payee_change_held', enquiryId: enquiry.id, reason: 'too_many_codes' }));
    await sendEmail(
      env,
      user.email,
      'A change to where we pay you is on hold',
      `${greeting(user.first_name)}\n\nSomeone signed in to your Kerbside account (${device}) asked again to change the account we pay for ${vehicle}, this time to one ending ${last4}. More codes were asked for than we send in a day, so we have held the change: nothing changes until our support team has checked it with you.\n\nNot you? Freeze my payout and sign out everywhere: ${freeze.url}`,
      freeze.url,
    );
  }
  await freeze.sent();
  return (await pendingChangeOf(env, enquiry.id, caller.sessionId))!;
}

const CODE_OUTCOMES = {
  wrong: { status: 400, code: 'invalid_code', message: 'That code is not right. Check the e-mail we sent and try again' },
  expired: { status: 410, code: 'code_expired', message: 'That code has expired. Enter the new bank details again for a new code' },
  locked: {
    status: 410,
    code: 'change_held',
    message: 'Too many wrong codes: for your safety we have held this change until our support team has checked it with you',
  },
} as const satisfies Record<Exclude<Tried, 'ok'>, { status: number; code: PayeeCodeOutcome; message: string }>;

/**
 * POST /platform/payments/beneficiaries/confirm-change {enquiryId, code, confirm?} →
 * BeneficiaryResponse. `confirm` confirms the new account as it is applied.
 */
export const confirmPayeeChange: TypedHandler<typeof endpoints.sale.confirmPayeeChange> = async ({ body, customer, enquiry }, ctx) => {
  const { env } = ctx;
  const enquiryId = enquiry.id;
  const change = await openPayeeChange(env.DB, enquiryId, clockNowIso());
  if (change?.state === 'held') return ctx.outcome(CODE_OUTCOMES.locked);
  if (!change) return ctx.outcome(CODE_OUTCOMES.expired);
  const nowMs = clockNowMs();
  const { result } = await tryCode(env.DB, payeeCodes(enquiryId), body.code, nowMs, change.code_id);
  if (result === 'locked') {
    // The day's guesses are gone: the change waits for support, and the owner hears of it.
    await holdPayeeChange(env.DB, change.id);
    await retireCodes(env.DB, payeeCodes(enquiryId), nowMs);
    console.warn(JSON.stringify({ event: 'payments.payee_change_held', enquiryId, reason: 'too_many_guesses' }));
    await emailHeldForGuesses(env, customer.user, enquiry, change.last4);
  }
  if (result !== 'ok') {
    return result === 'wrong'
      ? ctx.outcome({ ...CODE_OUTCOMES.wrong, fields: { code: 'That code is not right' } })
      : ctx.outcome(CODE_OUTCOMES[result]);
  }
  const notice = await payeeNotice(env, customer.user, enquiry, change.last4, 'changed');
  const confirmedBy = body.confirm ? customer.user.id : null;
  try {
    await env.DB.batch([
      ...applyPayeeChange(env.DB, change, customer.user.id, confirmedBy, new Date(nowMs).toISOString()),
      notice.statement,
    ]);
  } catch (error) {
    if (isLostClaim(error)) return ctx.outcome({ status: 410, code: 'code_expired', message: 'That code has already been used' });
    throw error;
  }
  await notice.send();
  return beneficiaryView(env, enquiryId, customer.sessionId);
};

/**
 * POST /platform/payments/beneficiaries/cancel-change {enquiryId} → BeneficiaryResponse: "Cancel it
 * and freeze my payout", from the seller's own page. The waiting change ends, the payout is held
 * until support has checked it, and every other session of the account is signed out (the one that
 * asked for the change is likely among them).
 */
export const cancelPayeeChange: TypedHandler<typeof endpoints.sale.cancelPayeeChange> = async ({ customer, enquiry }, ctx) => {
  const { env } = ctx;
  const enquiryId = enquiry.id;
  const nowMs = clockNowMs();
  await cancelPayeeChanges(env.DB, enquiryId, new Date(nowMs).toISOString());
  await retireCodes(env.DB, payeeCodes(enquiryId), nowMs);
  await freezePayouts(env, { userId: customer.user.id, enquiryId }, { endSessions: { except: customer.sessionId } });
  console.warn(JSON.stringify({ event: 'payments.payout_frozen', via: 'cancelled_change', enquiryId }));
  return beneficiaryView(env, enquiryId, customer.sessionId);
};

async function emailHeldForGuesses(env: PlatformEnv, user: UserRow, enquiry: EnquiryRow, last4: string) {
  const freeze = await issueFreezeLink(env, { userId: user.id, enquiryId: enquiry.id }, 'payee_change_held');
  await sendEmail(
    env,
    user.email,
    'A change to where we pay you is on hold',
    `${greeting(user.first_name)}\n\nToo many wrong codes were entered for the change of the account we pay for ${formatVrm(enquiry.vrm)} to one ending ${last4}, so we have held it: nothing changes until our support team has checked it with you.\n\nNot you? Freeze my payout and sign out everywhere: ${freeze.url}`,
    freeze.url,
  );
  await freeze.sent();
}

/**
 * Every payout account given or changed is e-mailed to the seller with a way to stop it: the
 * freeze link holds the payout until support clears it. The earlier notices' links keep working
 * until this one has gone. For a seller who gets texts, a text too: it names the account and says
 * where to look, never the freeze link. The text's record (`statement`) goes in the batch of the
 * change itself; `send()`, once that has committed, sends the e-mail and puts the text on the queue.
 */
async function payeeNotice(env: PlatformEnv, user: UserRow, enquiry: EnquiryRow, last4: string, what: 'set' | 'changed') {
  const freeze = await issueFreezeLink(env, { userId: user.id, enquiryId: enquiry.id }, what === 'set' ? 'payee_set' : 'payee_changed');
  const text = outgoing(
    env,
    enquiry.id,
    `payout_account_changed#${clockNowMs()}`,
    { kind: 'payout_account_changed', accountEnding: last4 },
    { only: 'sms' },
  );
  const verb = what === 'set' ? 'set to' : 'changed to';
  return {
    statement: text.statement,
    send: async () => {
      await sendEmail(
        env,
        user.email,
        `Your payout account was ${verb} one ending ${last4}`,
        `${greeting(user.first_name)}\n\nYour payout account was ${verb} one ending ${last4}, for the sale of ${formatVrm(enquiry.vrm)}.\n\nNot you? Freeze my payout: ${freeze.url}\nNothing will be paid until our support team has checked it with you.`,
        freeze.url,
      );
      await freeze.sent();
      await text.send();
    },
  };
}

/** POST /platform/payments/freeze {token}: the e-mailed link's token freezes that payout. No sign-in needed. */
export const freezePayout: TypedHandler<typeof endpoints.sale.freezePayout> = async ({ body }, ctx) => {
  const frozen = body.token ? await freezeByLink(ctx.env, body.token) : null;
  if (!frozen) return ctx.outcome({ status: 400, code: 'token_invalid', message: 'The link is not valid' });
  return { frozen: true, frozenAt: frozen.frozenAt };
};

export { payoutFrozen };

/**
 * POST /platform/payments/beneficiaries/confirmation {enquiryId} → BeneficiaryResponse; 409
 * no_beneficiary when there is nothing to confirm. Confirming twice keeps the first confirmation.
 */
export const confirmBeneficiary: TypedHandler<typeof endpoints.sale.confirmBeneficiary> = async ({ customer, enquiry }, ctx) => {
  const row = await confirmAccount(ctx.env.DB, enquiry.id, customer.user.id, clockNowIso());
  if (!row) return ctx.outcome({ status: 409, code: 'no_beneficiary', message: 'Add your bank details first' });
  return beneficiaryView(ctx.env, enquiry.id, customer.sessionId);
};

// ---------------------------------------------------------------------------------------------
// Payment progress. Facts, not promises: each step is done only when something recorded says so.

const SOLD_SLUGS: readonly string[] = [
  'sold-wait',
  'sold-confirmed',
  'sold-invoice-raised',
  'sold-purchase-confirmed',
  'sold-documents-reviewed',
  'sold-invoice-paid',
];
const SOLD_STATUSES: readonly string[] = [
  'sold',
  'sold_wait',
  'sold_confirmed',
  'sold_invoice_raised',
  'sold_purchase_confirmed',
  'sold_documents_reviewed',
  'sold_invoice_paid',
];

/**
 * What the enquiry row says: a sale is agreed once the seller has accepted an offer (sold-wait)
 * and until it falls through (a lost or dead status); it is paid at sold-invoice-paid, the state
 * the platform records when the dealer collects and pays (post-sale.ts).
 */
function saleFacts(enquiry: EnquiryRow): { sold: boolean; paid: boolean } {
  if (DEAD_OR_JUNK.includes(enquiry.status)) return { sold: false, paid: false };
  const paid = enquiry.dp_state_slug === 'sold-invoice-paid' || enquiry.status === 'sold_invoice_paid';
  const sold = paid || SOLD_SLUGS.includes(enquiry.dp_state_slug ?? '') || SOLD_STATUSES.includes(enquiry.status);
  return { sold, paid };
}

/**
 * No dealer-platform state before sold-invoice-paid means "the dealer has the car", so collection
 * is read from the sale's collected_at (sales table, post-sale.ts). Like post-sale.ts reading this
 * module's table, a missing table reads as "not yet" rather than failing the whole answer.
 */
async function collected(env: PlatformEnv, enquiryId: number): Promise<boolean> {
  const sale = await latestSale(env.DB, enquiryId).catch(() => null);
  return !!sale?.collected_at;
}

/**
 * The four steps in order; the first one not done is current. Nothing is listed before a sale is
 * agreed, because nothing is owed yet. Bank details can be confirmed before or after collection,
 * so a later step may be done while an earlier one is still current.
 */
export function paymentSteps(facts: { sold: boolean; paid: boolean; bankDetailsConfirmed: boolean; collected: boolean }): PaymentStep[] {
  if (!facts.sold) return [];
  const done: Record<PaymentStatus, boolean> = {
    awaiting_bank_details: facts.paid || facts.bankDetailsConfirmed,
    awaiting_collection: facts.paid || facts.collected,
    payment_scheduled: facts.paid,
    paid: facts.paid,
  };
  const current = PAYMENT_STATUSES.find((status) => !done[status]);
  return PAYMENT_STATUSES.map((status) => ({ status, state: done[status] ? 'done' : status === current ? 'current' : 'upcoming' }));
}

/** GET /platform/payments/payments/statuses?enquiryId= → PaymentStatusesResponse */
export const paymentStatuses: TypedHandler<typeof endpoints.sale.paymentStatuses> = async ({ enquiry }, ctx) => {
  const { env } = ctx;
  const facts = saleFacts(enquiry);
  // A paid sale has every step done, and an unsold one has none to show: only in between do the
  // bank details and the collection need looking up.
  let bankDetailsConfirmed = facts.paid;
  let hasCar = facts.paid;
  if (facts.sold && !facts.paid) {
    bankDetailsConfirmed = !!(await findBeneficiary(env.DB, enquiry.id))?.confirmed_at;
    hasCar = await collected(env, enquiry.id);
  }
  const sale = await latestSale(env.DB, enquiry.id).catch(() => null);
  const body: PaymentStatusesResponse = {
    statuses: paymentSteps({ ...facts, bankDetailsConfirmed, collected: hasCar }),
    payouts: sale ? await payoutViews(env.DB, sale.id) : [],
    frozen: await payoutFrozen(env, enquiry.id),
  };
  return body;
};
