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
  PAYEE_CODE_ATTEMPTS,
  PAYEE_CODE_LENGTH,
} from '../../../contract/bank-details';
import { allowedLinkBase, sendEmail } from '../outbox';
import { randomToken, sha256 } from '../tokens';
import { formatVrm } from '../../../contract/vrm';
import { DEAD_OR_JUNK } from '../../../contract/enquiry-states';
import type { EnquiryRow } from '../entry/enquiries';
import { DEV_SECRET_MARKER, isProduction, type PlatformEnv } from '../env';
import { errorResponse, json, readJsonObject } from '../http';
import { PROVEN_ADDRESS, requireOwnEnquiry } from './ownership';
import { clockNowIso, clockNowMs } from '../clock';
import { notify } from '../notify/messages';

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

/** GET /platform/payments/beneficiaries/{enquiryId} → BeneficiaryResponse */
export async function getBeneficiary(request: Request, env: PlatformEnv, _ctx: ExecutionContext, params: Record<string, string>) {
  const owned = await requireOwnEnquiry(request, env, enquiryIdOf(params.enquiryId), PROVEN_ADDRESS);
  if (owned instanceof Response) return owned;
  const row = await findRow(env, owned.enquiry.id);
  const body: BeneficiaryResponse = { beneficiary: row ? toBeneficiary(await unseal(env, row), row) : null };
  return json(body);
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
  const details: BankDetails = { accountName: checked.accountName, sortCode: checked.sortCode, accountNumber: checked.accountNumber };
  const enquiryId = owned.enquiry.id;

  const existing = await findRow(env, enquiryId);
  if (existing) {
    const stored = await unseal(env, existing);
    const unchanged =
      stored.accountName === details.accountName && stored.sortCode === details.sortCode && stored.accountNumber === details.accountNumber;
    if (unchanged) return json({ beneficiary: toBeneficiary(stored, existing) } satisfies BeneficiaryResponse);
  }

  // A payout account already given is changed only with a fresh proof: a code e-mailed to the
  // seller's proven address (docs/decisions/014). Whoever holds a session alone cannot redirect the money.
  if (existing) return startPayeeChange(env, owned.caller.user, owned.enquiry, details);

  const sealed = await seal(env, enquiryId, details);
  const now = clockNowIso();
  const written = { last4: details.accountNumber.slice(-4), updated_at: now, confirmed_at: null };
  await env.DB.prepare(
    `INSERT INTO beneficiaries (enquiry_id, customer_id, details_iv, details_ciphertext, last4, created_at, updated_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)`,
  )
    .bind(enquiryId, owned.caller.user.id, sealed.iv, sealed.ciphertext, written.last4, now)
    .run();
  await emailPayeeNotice(env, owned.caller.user, owned.enquiry, written.last4, 'set', body.linkBase);
  return json({ beneficiary: toBeneficiary(details, written) } satisfies BeneficiaryResponse);
}

const PAYEE_CODE_TTL_MS = 15 * 60_000;

interface PayeeChangeRow {
  id: number;
  enquiry_id: number;
  details_iv: string;
  details_ciphertext: string;
  last4: string;
  code_hash: string;
  attempts: number;
  expires_at: string;
}

function sixDigitCode(): string {
  const [value] = crypto.getRandomValues(new Uint32Array(1));
  return String(value! % 10 ** PAYEE_CODE_LENGTH).padStart(PAYEE_CODE_LENGTH, '0');
}

/** The change waits, sealed; the code goes to the proven address. A new change retires older ones. */
async function startPayeeChange(
  env: PlatformEnv,
  user: { id: number; email: string; first_name: string },
  enquiry: EnquiryRow,
  details: BankDetails,
) {
  const sealed = await seal(env, enquiry.id, details);
  const code = sixDigitCode();
  const now = clockNowMs();
  const expiresAt = new Date(now + PAYEE_CODE_TTL_MS).toISOString();
  const last4 = details.accountNumber.slice(-4);
  await env.DB.batch([
    env.DB.prepare('UPDATE payee_changes SET retired_at = ?1 WHERE enquiry_id = ?2 AND applied_at IS NULL AND retired_at IS NULL').bind(
      new Date(now).toISOString(),
      enquiry.id,
    ),
    env.DB.prepare(
      `INSERT INTO payee_changes (enquiry_id, customer_id, details_iv, details_ciphertext, last4, code_hash, created_at, expires_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)`,
    ).bind(
      enquiry.id,
      user.id,
      sealed.iv,
      sealed.ciphertext,
      last4,
      await sha256(`${enquiry.id}:${code}`),
      new Date(now).toISOString(),
      expiresAt,
    ),
  ]);
  await sendEmail(
    env,
    user.email,
    `Your code to change where we pay you: ${code}`,
    `Hello ${user.first_name},\n\nSomeone signed in to your Kerbside account asked to change the account we pay for ${formatVrm(enquiry.vrm)} to one ending ${last4}.\n\nIf that was you, enter this code on the page: ${code}\nIt works for 15 minutes.\n\nIf it was not you, do not share the code: nothing changes without it. Sign in and check your account.`,
  );
  return json({ pendingChange: { accountNumberLast4: last4, expiresAt } } satisfies PayeeChangePending, 202);
}

/** POST /platform/payments/beneficiaries/confirm-change {enquiryId, code} → BeneficiaryResponse */
export async function confirmPayeeChange(request: Request, env: PlatformEnv) {
  const body = (await readJsonObject(request)) ?? {};
  const owned = await requireOwnEnquiry(request, env, enquiryIdOf(body.enquiryId), PROVEN_ADDRESS);
  if (owned instanceof Response) return owned;
  const enquiryId = owned.enquiry.id;
  const change = await env.DB.prepare(
    'SELECT * FROM payee_changes WHERE enquiry_id = ?1 AND applied_at IS NULL AND retired_at IS NULL ORDER BY id DESC LIMIT 1',
  )
    .bind(enquiryId)
    .first<PayeeChangeRow>();
  const expired = !change || Date.parse(change.expires_at) <= clockNowMs() || change.attempts >= PAYEE_CODE_ATTEMPTS;
  if (expired) return errorResponse(410, 'code_expired', 'That code has expired. Enter the new bank details again for a new code');
  const code = typeof body.code === 'string' ? body.code.replace(/\s/g, '') : '';
  if ((await sha256(`${enquiryId}:${code}`)) !== change.code_hash) {
    await env.DB.prepare('UPDATE payee_changes SET attempts = attempts + 1 WHERE id = ?1').bind(change.id).run();
    return json(
      {
        code: 'invalid_code',
        message: 'That code is not right. Check the e-mail we sent and try again',
        fields: { code: 'That code is not right' },
      },
      400,
    );
  }
  const now = clockNowIso();
  const claimed = await env.DB.prepare('UPDATE payee_changes SET applied_at = ?1 WHERE id = ?2 AND applied_at IS NULL RETURNING id')
    .bind(now, change.id)
    .first();
  if (!claimed) return errorResponse(410, 'code_expired', 'That code has already been used');
  const row = await env.DB.prepare(
    `UPDATE beneficiaries SET customer_id = ?2, details_iv = ?3, details_ciphertext = ?4, last4 = ?5, updated_at = ?6,
       confirmed_at = NULL, confirmed_by = NULL
     WHERE enquiry_id = ?1 RETURNING *`,
  )
    .bind(enquiryId, owned.caller.user.id, change.details_iv, change.details_ciphertext, change.last4, now)
    .first<BeneficiaryRow>();
  await emailPayeeNotice(env, owned.caller.user, owned.enquiry, change.last4, 'changed', body.linkBase);
  return json({ beneficiary: toBeneficiary(await unseal(env, row!), row!) } satisfies BeneficiaryResponse);
}

/**
 * Every payout account given or changed is e-mailed to the seller with a way to stop it: the
 * freeze link holds the payout until support clears it. The newest notice's link is the one that works.
 */
async function emailPayeeNotice(
  env: PlatformEnv,
  user: { email: string; first_name: string },
  enquiry: EnquiryRow,
  last4: string,
  what: 'set' | 'changed',
  linkBase: unknown,
) {
  const token = randomToken();
  await env.DB.prepare('UPDATE beneficiaries SET freeze_token_hash = ?1 WHERE enquiry_id = ?2')
    .bind(await sha256(token), enquiry.id)
    .run();
  const base = typeof linkBase === 'string' ? allowedLinkBase(env, linkBase) : null;
  const link = base ? `${base}/auth/freeze-payout?token=${encodeURIComponent(token)}` : null;
  const verb = what === 'set' ? 'set to' : 'changed to';
  await sendEmail(
    env,
    user.email,
    `Your payout account was ${verb} one ending ${last4}`,
    `Hello ${user.first_name},\n\nYour payout account was ${verb} one ending ${last4}, for the sale of ${formatVrm(enquiry.vrm)}.\n\nNot you? Freeze my payout: ${link ?? 'contact our support team'}\nNothing will be paid until our support team has checked it with you.`,
    link,
  );
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
  if (typeof token !== 'string' || !token) return errorResponse(400, 'token_invalid', 'The link is not valid');
  const row = await env.DB.prepare(
    'UPDATE beneficiaries SET frozen_at = COALESCE(frozen_at, ?1) WHERE freeze_token_hash = ?2 RETURNING enquiry_id, frozen_at',
  )
    .bind(clockNowIso(), await sha256(token))
    .first<{ enquiry_id: number; frozen_at: string }>();
  if (!row) return errorResponse(400, 'token_invalid', 'The link is not valid');
  console.warn(JSON.stringify({ event: 'payments.payout_frozen', enquiryId: row.enquiry_id }));
  return json({ frozen: true, frozenAt: row.frozen_at });
}

/** Whether the payout of an enquiry is frozen (post-sale.ts holds the payment while it is). */
export async function payoutFrozen(env: PlatformEnv, enquiryId: number): Promise<boolean> {
  const row = await env.DB.prepare('SELECT frozen_at FROM beneficiaries WHERE enquiry_id = ?1')
    .bind(enquiryId)
    .first<{ frozen_at: string | null }>();
  return !!row?.frozen_at;
}

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
  return json({ beneficiary: toBeneficiary(await unseal(env, row), row) } satisfies BeneficiaryResponse);
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
