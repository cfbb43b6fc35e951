import { describe, expect, it } from 'vitest';
import type { RatesInfo, VehicleTax } from '../../../contract/tax';
import { costText, formatPence, paymentRows, ratesText, statusText } from './tax-text';

const rates: RatesInfo = { taxYear: '2025/26', from: '2025-04-01', to: '2026-03-31', todayTaxYear: '2026/27', sources: [] };
const standard = {
  twelveMonths: 19_500,
  twelveMonthsDirectDebit: 19_500,
  monthlyDirectDebitTotal: 20_475,
  sixMonths: 10_725,
  sixMonthsDirectDebit: 10_238,
};
const base: Pick<VehicleTax, 'rates' | 'engineCapacity' | 'co2Emissions'> = { rates, engineCapacity: 1997, co2Emissions: 155 };

describe('money', () => {
  it('shows whole pounds without pence and the rest to the penny', () => {
    expect(formatPence(19_500)).toBe('£195');
    expect(formatPence(10_238)).toBe('£102.38');
    expect(formatPence(549_000)).toBe('£5,490');
  });

  it('leaves out six-month payments a band does not offer', () => {
    expect(paymentRows({ ...standard, sixMonths: null, sixMonthsDirectDebit: null }).map((r) => r.label)).toEqual([
      '12 months, paid at once',
      '12 months by Direct Debit',
      '12 monthly Direct Debits',
    ]);
  });
});

describe('the tax status', () => {
  it('gives a taxed vehicle its due date', () => {
    expect(statusText({ status: { state: 'taxed', dueDate: '2027-03-01' }, mot: { status: 'Valid', expiryDate: null } })).toEqual({
      title: 'Taxed',
      lines: ['Tax is due on 1 March 2027.'],
      ok: true,
    });
  });

  it('tells an untaxed vehicle with a lapsed MOT that it needs one first', () => {
    const text = statusText({
      status: { state: 'untaxed', dueDate: '2026-04-01' },
      mot: { status: 'Not valid', expiryDate: '2026-03-20' },
    });
    expect(text.ok).toBe(false);
    expect(text.lines).toContain('Its tax ran out on 1 April 2026.');
    expect(text.lines).toContain('It needs a valid MOT before it can be taxed (its MOT ran out on 20 March 2026).');
  });
});

describe('the cost', () => {
  it('states the supplement as a condition on the list price while its years last', () => {
    const text = costText({
      ...base,
      assessment: {
        kind: 'standard_rate',
        rates: standard,
        zeroEmission: false,
        supplement: { annual: 42_500, listPriceOver: 40_000, from: '2022-06-18', until: '2027-06-18', state: 'now' },
        noSupplementReason: null,
        firstPayment: null,
      },
    });
    expect(text.headline).toBe('£195 a year');
    expect(text.notes[0]).toBe(
      'If its list price was over £40,000, add the expensive car supplement: £425 a year (£620 a year in all) for tax that starts before 18 June 2027.',
    );
  });

  it('shows no amount, and says why, where the year’s figure is not confirmed', () => {
    const text = costText({ ...base, assessment: { kind: 'light_goods', euro4Window: true, rates: null } });
    expect(text.payments).toBeNull();
    expect(text.headline).not.toMatch(/£/);
    expect(text.unconfirmed).toContain('We have not been able to confirm the 2025/26 amount');
    expect(text.notes[0]).toContain('tax class 36');
  });

  it('says plainly which year the rates are for, and that a newer year has begun without them', () => {
    expect(ratesText(rates)).toEqual([
      "These are GOV.UK's rates for the 2025/26 tax year (1 April 2025 to 31 March 2026).",
      'Rates change every April. We have not confirmed the 2026/27 rates yet, so what you pay now may be more: check GOV.UK before you pay.',
    ]);
    expect(ratesText({ ...rates, todayTaxYear: '2025/26' })).toHaveLength(1);
  });
});
