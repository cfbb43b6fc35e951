import { describe, expect, it } from 'vitest';
import { passesModulusCheck } from '../../../contract/bank-details';
import {
  agreementReference,
  DEFAULT_VALID_DAYS,
  MIN_SETTLEMENT,
  requestSettlementLetter,
  SANDBOX_LENDER_ACCOUNT,
  settlementShare,
  simulatedSettlementAmount,
} from './lender-settlement';
import { lenderById } from './lenders';

const blackHorse = lenderById('black-horse')!;
const closeBrothers = lenderById('close-brothers')!;
const at = new Date('2026-12-01T10:00:00Z');

describe('the simulated lender', () => {
  it('owes 40% to 70% of the valuation, the same for the same car every time', () => {
    for (const vrm of ['KE19FTA', 'KH68HYB', 'KV21VAN', 'KD15DSL']) {
      const share = settlementShare(vrm, 65_000);
      expect(share).toBeGreaterThanOrEqual(0.4);
      expect(share).toBeLessThanOrEqual(0.7);
      expect(simulatedSettlementAmount(vrm, 10_000, 65_000)).toBe(Math.round(10_000 * share));
      expect(simulatedSettlementAmount(vrm.toLowerCase(), 10_000, 1)).toBe(simulatedSettlementAmount(vrm, 10_000, 65_000));
    }
  });

  it('gives negative equity at a mileage ending in 999: 125% of the valuation', () => {
    expect(settlementShare('KE19FTA', 30_999)).toBe(1.25);
    expect(simulatedSettlementAmount('KE19FTA', 8_000, 30_999)).toBe(10_000);
  });

  it('never answers less than the smallest figure, for a car with no valuation', () => {
    expect(simulatedSettlementAmount('KE19FTA', 0, 65_000)).toBe(MIN_SETTLEMENT);
  });

  it('answers a letter valid 10 days, or as long as the lender publishes', () => {
    const letter = requestSettlementLetter({ lender: blackHorse, vrm: 'KE19FTA', valuation: 9_000, mileage: 65_000, requestedAt: at });
    expect(letter.expiresAt).toBe(new Date(at.getTime() + DEFAULT_VALID_DAYS * 86_400_000).toISOString());
    const close = requestSettlementLetter({ lender: closeBrothers, vrm: 'KE19FTA', valuation: 9_000, mileage: 65_000, requestedAt: at });
    expect(close.expiresAt).toBe('2026-12-29T10:00:00.000Z');
  });

  it('keeps the agreement reference of a car and lender, and pays to a sandbox account that passes the modulus check', () => {
    const letter = requestSettlementLetter({ lender: blackHorse, vrm: 'KE19FTA', valuation: 9_000, mileage: 65_000, requestedAt: at });
    expect(letter.agreementReference).toBe(agreementReference(blackHorse, 'ke19fta'));
    expect(letter.agreementReference).toMatch(/^BH\d{10}$/);
    expect(agreementReference(closeBrothers, 'KE19FTA')).not.toBe(letter.agreementReference);
    expect(letter.account.name).toMatch(/^SANDBOX /);
    expect(passesModulusCheck(SANDBOX_LENDER_ACCOUNT.sortCode.replace(/-/g, ''), SANDBOX_LENDER_ACCOUNT.accountNumber)).toBe(true);
  });
});
