import { describe, expect, it } from 'vitest';
import { assessAdjustment, capFor, PREPARATION_ALLOWANCE, TARIFF, type DeclaredProfile, type FoundAtHandover } from './price-rules';

const declared: DeclaredProfile = { issueKinds: [], keys: 2, serviceHistory: 'full', mileage: 65_000 };
const found: FoundAtHandover = { keys: 2, serviceHistory: 'full', mileage: 65_050 };

describe('a revised offer, held to the published rules', () => {
  it('takes the tariff amount for undisclosed damage, less the preparation allowance', () => {
    const result = assessAdjustment(
      8_000,
      [{ tariff: 'dent', slot: 'front-left', detail: 'Dent in the front left wing', count: 2 }],
      declared,
      found,
    );
    expect(result).toMatchObject({ kind: 'revised', itemsTotal: 2 * TARIFF.dent.amount, allowance: PREPARATION_ALLOWANCE });
    if (result.kind !== 'revised') throw new Error(result.kind);
    expect(result.reduction).toBe(2 * TARIFF.dent.amount - PREPARATION_ALLOWANCE);
    expect(result.proposed).toBe(8_000 - result.reduction);
  });

  it('never takes what the dealer names, only the tariff', () => {
    const result = assessAdjustment(
      8_000,
      [{ tariff: 'dent', slot: 'front-left', detail: 'x', count: 3, amount: 999 } as never],
      declared,
      found,
    );
    if (result.kind !== 'revised') throw new Error(result.kind);
    expect(result.items[0]!.amount).toBe(3 * TARIFF.dent.amount);
  });

  it('refuses wear and tear, anything declared, anything the profile photos show, and anything not in the tariff', () => {
    const result = assessAdjustment(
      8_000,
      [
        { tariff: 'stone-chips', slot: 'front-left', detail: 'Chips on the bonnet' },
        { tariff: 'scratch', slot: 'rear-left', detail: 'Scratch', profilePhotoShows: true },
        { tariff: 'valeting', slot: null, detail: 'Needs a valet' },
      ],
      declared,
      found,
    );
    expect(result.kind).toBe('no_change');
    expect(result.refused.map((r) => r.rule)).toEqual([
      'Wear and tear for the age and mileage never changes the price',
      'Your profile photos show it: the dealer bid knowing',
      'Not in the published tariff',
    ]);
    const faults = assessAdjustment(
      8_000,
      [{ tariff: 'warning-light', slot: 'dashboard', detail: 'Engine light' }],
      { ...declared, issueKinds: ['warning-lights'] },
      found,
    );
    expect(faults).toEqual({ kind: 'no_change', refused: [expect.objectContaining({ rule: 'You declared it in your profile' })] });
  });

  it('counts keys, service history and mileage from the inspection, not from the dealer', () => {
    const claims = [
      { tariff: 'missing-key', slot: 'keys', detail: 'One key', count: 5 },
      { tariff: 'service-history', slot: null, detail: 'No book' },
      { tariff: 'mileage-over', slot: 'dashboard', detail: 'Mileage' },
    ];
    expect(assessAdjustment(8_000, claims, declared, found).kind).toBe('no_change');
    const short = assessAdjustment(8_000, claims, declared, { keys: 1, serviceHistory: 'partial', mileage: 66_700 });
    if (short.kind !== 'revised') throw new Error(short.kind);
    // 1,500 miles beyond the 200 allowed: two thousands, or part.
    expect(short.items.map((i) => [i.tariff, i.count, i.amount])).toEqual([
      ['missing-key', 1, 150],
      ['service-history', 1, 250],
      ['mileage-over', 2, 200],
    ]);
    expect(short.reduction).toBe(600);
  });

  it('leaves the price alone when the damage is within the allowance', () => {
    expect(assessAdjustment(8_000, [{ tariff: 'scratch', slot: 'front-left', detail: 'Scratch' }], declared, found).kind).toBe('no_change');
  });

  it('above the cap, offers only a cancellation', () => {
    expect(capFor(3_000)).toBe(300);
    const result = assessAdjustment(3_000, [{ tariff: 'dent', slot: 'front-left', detail: 'Dents', count: 4 }], declared, found);
    expect(result).toMatchObject({ kind: 'over_cap', reduction: 4 * TARIFF.dent.amount - PREPARATION_ALLOWANCE, cap: 300 });
  });
});
