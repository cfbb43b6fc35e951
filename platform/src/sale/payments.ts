import {
  checkBankDetails,
  formatSortCode,
  PAYMENT_STATUSES,
  type Beneficiary,
  type BeneficiaryResponse,
  type InvalidBankDetailsBody,
  type PaymentStatus,
  type PaymentStatusesResponse,
  type PaymentStep,
  type PayeeChangePending,
  type PayeeCodeOutcome,
  type PendingPayeeChange,
} from '../../../contract/bank-details';
import { greeting, sendEmail } from '../outbox';
import { formatVrm } from '../../../contract/vrm';
import { DEAD_OR_JUNK } from '../../../contract/enquiry-states';
import type { EnquiryRow } from '../records/enquiries';
import { DEV_SECRET_MARKER, isProduction, type PlatformEnv } from '../env';
import { errorResponse, json, readJsonObject } from '../http';
import { PROVEN_ADDRESS, requireOwnEnquiry } from './ownership';
import { clockNowIso, clockNowMs } from '../clock';
import { notify } from '../notify/messages';
import { describeSession, shortSessionId, type Customer, type UserRow } from '../auth';
import { freezeByLink, freezePayouts, issueFreezeLink, payoutFrozen } from '../records/freeze-links';
import { issueCode, retireCodes, tryCode, type CodeSubject, type Tried } from '../records/one-time-codes';
import { publicOrigin } from '../public-origin';

/**
 * Payments (docs/behaviour/gateway.md#journey-calls): the account the seller is paid into, and how far the payment has got.
 * Only the seller who owns the enquiry reaches any of it, and no answer ever carries more of the
 * account number than its last four digits.
 */

interface BeneficiaryRow {
  enquiry_id: number;
  customer_id: number;
  details_iv: string;
  details_ciphertext: string;
  last4: string;
  created_at: string;
  updated_at: string;
  confirmed_at: string | null;
  confirmed_by: number | null;
  frozen_at: string | null;
}

interface BankDetails {
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

async function unseal(
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
  row: Pick<BeneficiaryRow, 'last4' | 'confirmed_at' | 'updated_at'>,
): Beneficiary {
  return {
    accountName: details.accountName,
    sortCode: formatSortCode(details.sortCode),
    accountNumberLast4: row.last4,
    confirmed: row.confirmed_at !== null,
    updatedAt: row.updated_at,
  };
}

/**
 * Whether two sales pay into the same bank account (sort code and account number), read from the
 * sealed details: the last four digits alone would match strangers. False when either has none.
 */
export async function sameBankAccount(env: PlatformEnv, enquiryA: number, enquiryB: number): Promise<boolean> {
  const [a, b] = await Promise.all([findRow(env, enquiryA), findRow(env, enquiryB)]);
  if (!a || !b) return false;
  const [da, db] = await Promise.all([unseal(env, a), unseal(env, b)]);
  return da.sortCode === db.sortCode && da.accountNumber === db.accountNumber;
}

/** A payout account's details as stored: sealed, and bound to the enquiry they were sealed for. */
export interface SealedAccount {
  enquiryId: number;
  iv: string;
  ciphertext: string;
}

/** The sealed payout account of one enquiry, or null when it has none. */
export async function sealedAccountOf(env: PlatformEnv, enquiryId: number): Promise<SealedAccount | null> {
  const row = await findRow(env, enquiryId);
  return row ? { enquiryId: row.enquiry_id, iv: row.details_iv, ciphertext: row.details_ciphertext } : null;
}

/** The sealed payout accounts of every enquiry of one customer, whatever became of each sale. */
export async function sealedAccountsOfCustomer(env: PlatformEnv, customerId: number): Promise<SealedAccount[]> {
  const { results } = await env.DB.prepare(
    `SELECT b.enquiry_id, b.details_iv, b.details_ciphertext FROM beneficiaries b LEFT JOIN enquiries e ON e.id = b.enquiry_id
      WHERE b.customer_id = ?1 OR e.customer_id = ?1`,
  )
    .bind(customerId)
    .all<Pick<BeneficiaryRow, 'enquiry_id' | 'details_iv' | 'details_ciphertext'>>();
  return results.map((row) => ({ enquiryId: row.enquiry_id, iv: row.details_iv, ciphertext: row.details_ciphertext }));
}

/** Whether `account` is the same bank account (sort code and number) as any of `others`, as sameBankAccount compares. */
export async function sameAsAnyAccount(env: PlatformEnv, account: SealedAccount, others: SealedAccount[]): Promise<boolean> {
  const open = (sealed: SealedAccount) =>
    unseal(env, { enquiry_id: sealed.enquiryId, details_iv: sealed.iv, details_ciphertext: sealed.ciphertext });
  const [mine, ...theirs] = await Promise.all([open(account), ...others.map(open)]);
  return theirs.some((other) => other.sortCode === mine!.sortCode && other.accountNumber === mine!.accountNumber);
}

async function findRow(env: PlatformEnv, enquiryId: number): Promise<BeneficiaryRow | null> {
  return env.DB.prepare('SELECT * FROM beneficiaries WHERE enquiry_id = ?1').bind(enquiryId).first<BeneficiaryRow>();
}

/** An enquiry id from a path, query or body: digits only, so '1e3' or '' never name enquiry 1000 or 0. */
function enquiryIdOf(value: unknown): number {
  if (typeof value === 'number') return value;
  return typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
}

/** What the seller is shown: the account on file, a change waiting or held, and whether the payout is frozen. */
async function beneficiaryView(env: PlatformEnv, enquiryId: number, sessionId: string): Promise<BeneficiaryResponse> {
  const [row, pendingChange, frozen] = await Promise.all([
    findRow(env, enquiryId),
    pendingChangeOf(env, enquiryId, sessionId),
    payoutFrozen(env, enquiryId),
  ]);
  return { beneficiary: row ? toBeneficiary(await unseal(env, row), row) : null, pendingChange, frozen };
}

/** GET /platform/payments/beneficiaries/{enquiryId} → BeneficiaryResponse */
export async function getBeneficiary(request: Request, env: PlatformEnv, _ctx: ExecutionContext, params: Record<string, string>) {
  const owned = await requireOwnEnquiry(request, env, enquiryIdOf(params.enquiryId), PROVEN_ADDRESS);
  if (owned instanceof Response) return owned;
  return json(await beneficiaryView(env, owned.enquiry.id, owned.caller.sessionId));
}

/**
 * POST /platform/payments/beneficiaries/update {enquiryId, accountName, sortCode, accountNumber}
 * → BeneficiaryResponse, or 400 InvalidBankDetailsBody. Changed details need confirming again;
 * the same details sent twice (a resubmitted form) keep their confirmation.
 */
export async function updateBeneficiary(request: Request, env: PlatformEnv) {
  const body = await readJsonObject(request);
  if (!body) return errorResponse(400, 'bad_request', 'Send the bank details as a JSON object');
  const owned = await requireOwnEnquiry(request, env, enquiryIdOf(body.enquiryId), PROVEN_ADDRESS);
  if (owned instanceof Response) return owned;
  // Once the money has gone, new details would only mislead: a change then is a conversation.
  if (saleFacts(owned.enquiry).paid) return errorResponse(409, 'already_paid', 'This sale has been paid. Contact us if something is wrong');

  const checked = checkBankDetails({ accountName: body.accountName, sortCode: body.sortCode, accountNumber: body.accountNumber });
  if (!checked.ok) {
    const invalid: InvalidBankDetailsBody = {
      code: 'invalid_bank_details',
      message: Object.values(checked.errors)[0] ?? 'Check your bank details',
      fields: checked.errors,
    };
    return json(invalid, 400);
  }
  // Every account given or changed is e-mailed with a freeze link: without an origin to build it
  // on, nothing changes (the seller would have no way to stop a change they did not make).
  if (!publicOrigin(env)) return errorResponse(503, 'links_unavailable', 'We cannot change bank details just now. Please try again later');
  const details: BankDetails = { accountName: checked.accountName, sortCode: checked.sortCode, accountNumber: checked.accountNumber };
  const enquiryId = owned.enquiry.id;

  const existing = await findRow(env, enquiryId);
  if (existing) {
    const stored = await unseal(env, existing);
    const unchanged =
      stored.accountName === details.accountName && stored.sortCode === details.sortCode && stored.accountNumber === details.accountNumber;
    if (unchanged) return json(await beneficiaryView(env, enquiryId, owned.caller.sessionId));
  }

  // A payout account already given is changed only with a fresh proof: a code e-mailed to the
  // seller's proven address (docs/decisions/031). Whoever holds a session alone cannot redirect the money.
  if (existing) return startPayeeChange(env, owned.caller, owned.enquiry, details);

  const sealed = await seal(env, enquiryId, details);
  const now = clockNowIso();
  const last4 = details.accountNumber.slice(-4);
  await env.DB.prepare(
    `INSERT INTO beneficiaries (enquiry_id, customer_id, details_iv, details_ciphertext, last4, created_at, updated_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)`,
  )
    .bind(enquiryId, owned.caller.user.id, sealed.iv, sealed.ciphertext, last4, now)
    .run();
  await emailPayeeNotice(env, owned.caller.user, owned.enquiry, last4, 'set');
  return json(await beneficiaryView(env, enquiryId, owned.caller.sessionId));
}

interface PayeeChangeRow {
  id: number;
  enquiry_id: number;
  session_id: string | null;
  details_iv: string;
  details_ciphertext: string;
  last4: string;
  code_id: number | null;
  state: 'pending' | 'held' | 'applied' | 'cancelled' | 'retired';
  created_at: string;
  expires_at: string | null;
}

const payeeCodes = (enquiryId: number): CodeSubject => ({ purpose: 'payee_change', subject: `enquiry:${enquiryId}` });

/** The enquiry's change still to happen: pending with a live code, or held. */
async function openChange(env: PlatformEnv, enquiryId: number): Promise<PayeeChangeRow | null> {
  return env.DB.prepare(
    `SELECT * FROM payee_changes WHERE enquiry_id = ?1 AND (state = 'held' OR (state = 'pending' AND expires_at > ?2))
      ORDER BY id DESC LIMIT 1`,
  )
    .bind(enquiryId, clockNowIso())
    .first<PayeeChangeRow>();
}

async function pendingChangeOf(env: PlatformEnv, enquiryId: number, sessionId: string): Promise<PendingPayeeChange | null> {
  const change = await openChange(env, enquiryId);
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
async function startPayeeChange(env: PlatformEnv, caller: Customer, enquiry: EnquiryRow, details: BankDetails) {
  const { user } = caller;
  const sealed = await seal(env, enquiry.id, details);
  const nowMs = clockNowMs();
  const now = new Date(nowMs).toISOString();
  const last4 = details.accountNumber.slice(-4);
  const issued = await issueCode(env.DB, payeeCodes(enquiry.id), nowMs);
  const held = !issued.ok;
  await env.DB.batch([
    env.DB.prepare(
      "UPDATE payee_changes SET state = 'retired', settled_at = ?1 WHERE enquiry_id = ?2 AND state IN ('pending', 'held')",
    ).bind(now, enquiry.id),
    env.DB.prepare(
      `INSERT INTO payee_changes (enquiry_id, customer_id, session_id, details_iv, details_ciphertext, last4, code_id, state, created_at, expires_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)`,
    ).bind(
      enquiry.id,
      user.id,
      caller.sessionId,
      sealed.iv,
      sealed.ciphertext,
      last4,
      issued.ok ? issued.id : null,
      held ? 'held' : 'pending',
      now,
      issued.ok ? issued.expiresAt : null,
    ),
  ]);
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
  const pendingChange = await pendingChangeOf(env, enquiry.id, caller.sessionId);
  return json({ pendingChange: pendingChange! } satisfies PayeeChangePending, 202);
}

const CODE_OUTCOMES: Record<Exclude<Tried, 'ok'>, { status: number; code: PayeeCodeOutcome; message: string }> = {
  wrong: { status: 400, code: 'invalid_code', message: 'That code is not right. Check the e-mail we sent and try again' },
  expired: { status: 410, code: 'code_expired', message: 'That code has expired. Enter the new bank details again for a new code' },
  locked: {
    status: 410,
    code: 'change_held',
    message: 'Too many wrong codes: for your safety we have held this change until our support team has checked it with you',
  },
};

/** POST /platform/payments/beneficiaries/confirm-change {enquiryId, code} → BeneficiaryResponse */
export async function confirmPayeeChange(request: Request, env: PlatformEnv) {
  const body = (await readJsonObject(request)) ?? {};
  const owned = await requireOwnEnquiry(request, env, enquiryIdOf(body.enquiryId), PROVEN_ADDRESS);
  if (owned instanceof Response) return owned;
  const enquiryId = owned.enquiry.id;
  const change = await openChange(env, enquiryId);
  if (change?.state === 'held') return errorResponse(410, 'change_held', CODE_OUTCOMES.locked.message);
  if (!change) return errorResponse(410, 'code_expired', CODE_OUTCOMES.expired.message);
  const nowMs = clockNowMs();
  const { result } = await tryCode(env.DB, payeeCodes(enquiryId), typeof body.code === 'string' ? body.code : '', nowMs, change.code_id);
  if (result === 'locked') {
    // The day's guesses are gone: the change waits for support, and the owner hears of it.
    await env.DB.prepare("UPDATE payee_changes SET state = 'held', expires_at = NULL WHERE id = ?1 AND state = 'pending'")
      .bind(change.id)
      .run();
    await retireCodes(env.DB, payeeCodes(enquiryId), nowMs);
    console.warn(JSON.stringify({ event: 'payments.payee_change_held', enquiryId, reason: 'too_many_guesses' }));
    await emailHeldForGuesses(env, owned.caller.user, owned.enquiry, change.last4);
  }
  if (result !== 'ok') {
    const outcome = CODE_OUTCOMES[result];
    if (result === 'wrong') return json({ code: outcome.code, message: outcome.message, fields: { code: 'That code is not right' } }, 400);
    return errorResponse(outcome.status, outcome.code, outcome.message);
  }
  const now = new Date(nowMs).toISOString();
  const [claimed] = await env.DB.batch([
    env.DB.prepare("UPDATE payee_changes SET state = 'applied', settled_at = ?1 WHERE id = ?2 AND state = 'pending' RETURNING id").bind(
      now,
      change.id,
    ),
    env.DB.prepare(
      `UPDATE beneficiaries SET customer_id = ?2, details_iv = ?3, details_ciphertext = ?4, last4 = ?5, updated_at = ?6,
         confirmed_at = NULL, confirmed_by = NULL
       WHERE enquiry_id = ?1 AND EXISTS (SELECT 1 FROM payee_changes WHERE id = ?7 AND state = 'applied' AND settled_at = ?6)`,
    ).bind(enquiryId, owned.caller.user.id, change.details_iv, change.details_ciphertext, change.last4, now, change.id),
  ]);
  if (!claimed?.results.length) return errorResponse(410, 'code_expired', 'That code has already been used');
  await emailPayeeNotice(env, owned.caller.user, owned.enquiry, change.last4, 'changed');
  return json(await beneficiaryView(env, enquiryId, owned.caller.sessionId));
}

/**
 * POST /platform/payments/beneficiaries/cancel-change {enquiryId} → BeneficiaryResponse: "Cancel it
 * and freeze my payout", from the seller's own page. The waiting change ends, the payout is held
 * until support has checked it, and every other session of the account is signed out (the one that
 * asked for the change is likely among them).
 */
export async function cancelPayeeChange(request: Request, env: PlatformEnv) {
  const body = (await readJsonObject(request)) ?? {};
  const owned = await requireOwnEnquiry(request, env, enquiryIdOf(body.enquiryId), PROVEN_ADDRESS);
  if (owned instanceof Response) return owned;
  const enquiryId = owned.enquiry.id;
  const nowMs = clockNowMs();
  await env.DB.prepare(
    "UPDATE payee_changes SET state = 'cancelled', settled_at = ?1 WHERE enquiry_id = ?2 AND state IN ('pending', 'held')",
  )
    .bind(new Date(nowMs).toISOString(), enquiryId)
    .run();
  await retireCodes(env.DB, payeeCodes(enquiryId), nowMs);
  await freezePayouts(env, { userId: owned.caller.user.id, enquiryId }, { endSessions: { except: owned.caller.sessionId } });
  console.warn(JSON.stringify({ event: 'payments.payout_frozen', via: 'cancelled_change', enquiryId }));
  return json(await beneficiaryView(env, enquiryId, owned.caller.sessionId));
}

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
 * until this one has gone.
 */
async function emailPayeeNotice(env: PlatformEnv, user: UserRow, enquiry: EnquiryRow, last4: string, what: 'set' | 'changed') {
  const freeze = await issueFreezeLink(env, { userId: user.id, enquiryId: enquiry.id }, what === 'set' ? 'payee_set' : 'payee_changed');
  const verb = what === 'set' ? 'set to' : 'changed to';
  await sendEmail(
    env,
    user.email,
    `Your payout account was ${verb} one ending ${last4}`,
    `${greeting(user.first_name)}\n\nYour payout account was ${verb} one ending ${last4}, for the sale of ${formatVrm(enquiry.vrm)}.\n\nNot you? Freeze my payout: ${freeze.url}\nNothing will be paid until our support team has checked it with you.`,
    freeze.url,
  );
  await freeze.sent();
  // The text too, for a seller who gets texts: it names the account and says where to look, never the freeze link.
  await notify(
    env,
    enquiry.id,
    `payout_account_changed#${clockNowMs()}`,
    { kind: 'payout_account_changed', accountEnding: last4 },
    { only: 'sms' },
  );
}

/** POST /platform/payments/freeze {token}: the e-mailed link's token freezes that payout. No sign-in needed. */
export async function freezePayout(request: Request, env: PlatformEnv) {
  const token = (await readJsonObject(request))?.token;
  if (typeof token !== 'string' || !token || token.length > 200) return errorResponse(400, 'token_invalid', 'The link is not valid');
  const frozen = await freezeByLink(env, token);
  if (!frozen) return errorResponse(400, 'token_invalid', 'The link is not valid');
  return json({ frozen: true, frozenAt: frozen.frozenAt });
}

export { payoutFrozen };

/**
 * POST /platform/payments/beneficiaries/confirmation {enquiryId} → BeneficiaryResponse; 409
 * no_beneficiary when there is nothing to confirm. Confirming twice keeps the first confirmation.
 */
export async function confirmBeneficiary(request: Request, env: PlatformEnv) {
  const body = (await readJsonObject(request)) ?? {};
  const owned = await requireOwnEnquiry(request, env, enquiryIdOf(body.enquiryId), PROVEN_ADDRESS);
  if (owned instanceof Response) return owned;
  const row = await env.DB.prepare(
    `UPDATE beneficiaries SET confirmed_by = CASE WHEN confirmed_at IS NULL THEN ?3 ELSE confirmed_by END,
       confirmed_at = COALESCE(confirmed_at, ?2)
     WHERE enquiry_id = ?1 RETURNING *`,
  )
    .bind(owned.enquiry.id, clockNowIso(), owned.caller.user.id)
    .first<BeneficiaryRow>();
  if (!row) return errorResponse(409, 'no_beneficiary', 'Add your bank details first');
  return json(await beneficiaryView(env, owned.enquiry.id, owned.caller.sessionId));
}

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
  const sale = await env.DB.prepare('SELECT collected_at FROM sales WHERE enquiry_id = ?1 ORDER BY id DESC LIMIT 1')
    .bind(enquiryId)
    .first<{ collected_at: string | null }>()
    .catch(() => null);
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
export async function paymentStatuses(request: Request, env: PlatformEnv) {
  const owned = await requireOwnEnquiry(request, env, enquiryIdOf(new URL(request.url).searchParams.get('enquiryId')));
  if (owned instanceof Response) return owned;
  const facts = saleFacts(owned.enquiry);
  // A paid sale has every step done, and an unsold one has none to show: only in between do the
  // bank details and the collection need looking up.
  let bankDetailsConfirmed = facts.paid;
  let hasCar = facts.paid;
  if (facts.sold && !facts.paid) {
    bankDetailsConfirmed = !!(await findRow(env, owned.enquiry.id))?.confirmed_at;
    hasCar = await collected(env, owned.enquiry.id);
  }
  const body: PaymentStatusesResponse = {
    statuses: paymentSteps({ ...facts, bankDetailsConfirmed, collected: hasCar }),
    frozen: await payoutFrozen(env, owned.enquiry.id),
  };
  return json(body);
}
