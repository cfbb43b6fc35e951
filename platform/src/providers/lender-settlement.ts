import type { Lender } from './lenders';

/**
 * The lenders' settlement service, simulated (docs/sandbox.md#finance). A real one is asked, with
 * the seller's consent, for the figure that settles the agreement on a car; it answers (in the
 * sandbox at once, in life in 1 to 3 working days) with the figure, the agreement's reference, the
 * date the letter stops being valid and the account the settlement is paid to.
 *
 * The figures are deterministic, so tests and demos can predict them:
 * - the figure is between 40% and 70% of the car's valuation, the share drawn from the
 *   registration (`settlementShare`), whole pounds;
 * - **negative equity**: a car entered at a mileage ending in 999 (e.g. 30,999 miles) owes 125% of
 *   its valuation, more than any dealer pays for it;
 * - the same car and lender always have the same agreement reference; asking again gives the same
 *   figure with a new expiry.
 */

export interface SettlementRequest {
  lender: Lender;
  vrm: string;
  /** The car's valuation as the seller was shown it, whole pounds. */
  valuation: number;
  /** The mileage the seller entered the car at. */
  mileage: number | null;
  requestedAt: Date;
}

export interface SettlementLetter {
  amount: number;
  agreementReference: string;
  expiresAt: string;
  account: { name: string; sortCode: string; accountNumber: string };
}

/** Days a letter is valid when the lender publishes nothing else (after-the-sale.md: about 10). */
export const DEFAULT_VALID_DAYS = 10;
/** The smallest figure the simulated lender answers, for a car with no valuation. */
export const MIN_SETTLEMENT = 500;
/** The sandbox's negative equity: a mileage ending so. */
export const NEGATIVE_EQUITY_MILEAGE_ENDING = 999;
export const NEGATIVE_EQUITY_SHARE = 1.25;

/**
 * Where every simulated lender is paid: an obviously sandbox account whose sort code and number
 * pass the modulus check (contract/bank-details.ts), so the payout's own checks run on it.
 */
export const SANDBOX_LENDER_ACCOUNT = { sortCode: '20-00-00', accountNumber: '55779911' } as const;

/** FNV-1a, 32 bits: a stable number from text. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The share of the valuation owed: 0.40 to 0.70 by registration, or 1.25 at a mileage ending 999. */
export function settlementShare(vrm: string, mileage: number | null): number {
  if (mileage !== null && mileage % 1000 === NEGATIVE_EQUITY_MILEAGE_ENDING) return NEGATIVE_EQUITY_SHARE;
  return (40 + (hash(vrm.toUpperCase()) % 31)) / 100;
}

export function simulatedSettlementAmount(vrm: string, valuation: number, mileage: number | null): number {
  return Math.max(MIN_SETTLEMENT, Math.round(valuation * settlementShare(vrm, mileage)));
}

/** The agreement's reference: the lender's initials and ten digits, the same for a car and lender every time. */
export function agreementReference(lender: Lender, vrm: string): string {
  const initials = lender.name
    .split(/\s+/)
    .map((word) => word[0])
    .join('')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase()
    .slice(0, 3);
  const digits = String(hash(`${lender.id}:${vrm.toUpperCase()}`))
    .padStart(10, '0')
    .slice(-10);
  return `${initials}${digits}`;
}

export function requestSettlementLetter(request: SettlementRequest): SettlementLetter {
  const days = request.lender.settlementValidDays ?? DEFAULT_VALID_DAYS;
  return {
    amount: simulatedSettlementAmount(request.vrm, request.valuation, request.mileage),
    agreementReference: agreementReference(request.lender, request.vrm),
    expiresAt: new Date(request.requestedAt.getTime() + days * 86_400_000).toISOString(),
    account: { name: `SANDBOX ${request.lender.name} settlements`, ...SANDBOX_LENDER_ACCOUNT },
  };
}
