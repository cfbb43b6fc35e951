/**
 * Confirmation of Payee (Pay.UK), simulated: before money is sent, the payer's bank asks the
 * payee's bank whether the name typed is the name on the account (docs/decisions/036). The real
 * scheme answers one of four outcomes, and so does this:
 * - `match`: the name is the account's;
 * - `close_match`: nearly, and the bank says the name it holds ("The name on this account is
 *   S Kennedy"), or the name is right but the account is of the other type (business, personal);
 * - `no_match`: not the account's name (the bank returns no name);
 * - `unavailable`: the check could not be made (the bank is not in the scheme, or did not answer).
 *
 * The sandbox (docs/sandbox.md, "Confirmation of Payee") is deterministic: the accounts in
 * SANDBOX_ACCOUNTS hold the names listed, the sort code UNAVAILABLE_SORT_CODE never answers, and
 * any other account matches whatever name is typed (so sellers' own test details keep working).
 */

export type AccountType = 'personal' | 'business';

export interface PayeeCheckRequest {
  /** Six digits, normalised (contract/bank-details.ts). */
  sortCode: string;
  /** Eight digits, normalised. */
  accountNumber: string;
  /** The name the payer typed for the account. */
  name: string;
  /** What the payer expects; a private seller's is personal. */
  accountType?: AccountType;
}

export type PayeeCheckResult = 'match' | 'close_match' | 'no_match' | 'unavailable';

export type PayeeCheckResponse =
  | { result: 'match' }
  /** `bankName` is the name the account's bank holds; `reason` says what was close. */
  | { result: 'close_match'; bankName: string; reason: 'name' | 'account_type'; accountType: AccountType }
  | { result: 'no_match' }
  | { result: 'unavailable'; reason: 'not_answered' };

/** The sandbox's accounts, by sort code and account number: the name each bank holds. */
export const SANDBOX_ACCOUNTS: Readonly<Record<string, { name: string; accountType: AccountType }>> = {
  // Vocalink's published MOD10 test case.
  '089999/66374958': { name: 'Sarah Kennedy', accountType: 'personal' },
  // Vocalink's MOD11 test case: the bank holds the initial only.
  '107999/88837491': { name: 'S Kennedy', accountType: 'personal' },
  // Vocalink's exception 4 test case: a business account.
  '134020/63849203': { name: 'Kennedy Motors Ltd', accountType: 'business' },
};

/** Every account at this sort code answers `unavailable` (Vocalink's MOD11 and DBLAL test case, 20-29-59 / 63748472, passes the modulus check). */
export const UNAVAILABLE_SORT_CODE = '202959';

const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'sir', 'dame', 'rev', 'lord', 'lady']);
const COMPANY_WORDS: Record<string, string> = { limited: 'ltd', plc: 'plc', llp: 'llp', company: 'co', and: '&' };

/**
 * A name as banks compare them: lower case, accents gone, punctuation gone (a full stop, an
 * apostrophe or a hyphen is a space), one space between words, titles left off, company words
 * in one spelling.
 */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9&]+/g, ' ')
    .trim()
    .split(' ')
    .filter((word) => word && !TITLES.has(word))
    .map((word) => COMPANY_WORDS[word] ?? word);
}

/** Whether two first names can be one person's: equal, one the other's initial, or one the start of the other ("Sam", "Samuel"). */
function compatibleFirstNames(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length === 1 || b.length === 1) return a[0] === b[0];
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 3 && long.startsWith(short);
}

/**
 * How the typed name compares with the name the bank holds: the same words once normalised are
 * a match; the same surname (the last word) with compatible first names (or initials) is a close
 * match; anything else is no match.
 */
export function compareNames(typed: string, held: string): 'match' | 'close_match' | 'no_match' {
  const a = nameWords(typed);
  const b = nameWords(held);
  if (a.length === 0 || b.length === 0) return 'no_match';
  if (a.join(' ') === b.join(' ')) return 'match';
  if (a.length < 2 || b.length < 2) return 'no_match';
  if (a.at(-1) !== b.at(-1)) return 'no_match';
  return compatibleFirstNames(a[0]!, b[0]!) ? 'close_match' : 'no_match';
}

/** Waits as a real provider's round trip would (PROVIDER_LATENCY_MS, like the other simulated providers). */
export interface ProviderOptions {
  latencyMs?: number;
}

/**
 * Asks the account's bank whether `name` is the name on it. Reusable for any account we pay:
 * the seller's, and the lender's when outstanding finance is settled.
 */
export async function confirmPayee(request: PayeeCheckRequest, options: ProviderOptions = {}): Promise<PayeeCheckResponse> {
  if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
  if (request.sortCode === UNAVAILABLE_SORT_CODE) return { result: 'unavailable', reason: 'not_answered' };
  const held = SANDBOX_ACCOUNTS[`${request.sortCode}/${request.accountNumber}`];
  if (!held) return { result: 'match' };
  const compared = compareNames(request.name, held.name);
  if (compared === 'no_match') return { result: 'no_match' };
  if (compared === 'close_match') return { result: 'close_match', bankName: held.name, reason: 'name', accountType: held.accountType };
  const expected = request.accountType ?? 'personal';
  if (held.accountType !== expected)
    return { result: 'close_match', bankName: held.name, reason: 'account_type', accountType: held.accountType };
  return { result: 'match' };
}
