import { describe, expect, it } from 'vitest';
import { euroNumber, meetsStandard, ULEZ, zoneById, zoneVerdicts, ZONES, type StandardInput } from './zones';

const car = (fuel: string, euroStatus: string | null, firstRegistered: string, vehicleType: StandardInput['vehicleType'] = 'car') =>
  meetsStandard({ vehicleType, fuel, euroStatus, firstRegistered });

describe('the ULEZ standard', () => {
  it('takes Euro 4 for petrol and hybrids, Euro 6 for diesel, Euro 3 for motorcycles', () => {
    expect(car('PETROL', 'EURO 4', '2006-03')).toEqual({ meets: true, basis: 'euro_status', euro: 4 });
    expect(car('PETROL', 'EURO 3', '2005-03').meets).toBe(false);
    expect(car('HYBRID ELECTRIC', 'EURO 4', '2008-01').meets).toBe(true);
    expect(car('DIESEL', 'EURO 5', '2015-04')).toEqual({ meets: false, basis: 'euro_status', euro: 5 });
    expect(car('DIESEL', 'Euro 6d', '2019-01')).toEqual({ meets: true, basis: 'euro_status', euro: 6 });
    expect(car('PETROL', 'EURO 3', '2004-01', 'motorcycle').meets).toBe(true);
    expect(car('PETROL', 'EURO 2', '2004-01', 'motorcycle').meets).toBe(false);
  });

  it('estimates from the first registration when the register has no Euro status, at the boundary dates', () => {
    expect(car('PETROL', null, '2005-12')).toEqual({ meets: false, basis: 'registration_date', euro: null });
    expect(car('PETROL', null, '2006-01')).toEqual({ meets: true, basis: 'registration_date', euro: null });
    expect(car('PETROL', null, '2006-01-01').meets).toBe(true);
    expect(car('PETROL', null, '2005-12-31').meets).toBe(false);
    expect(car('DIESEL', null, '2015-08-31').meets).toBe(false);
    expect(car('DIESEL', null, '2015-09-01').meets).toBe(true);
    expect(car('DIESEL', null, '2015-09').meets).toBe(true);
  });

  it('passes electric vehicles without a check, and cannot say for other fuels or a motorcycle without a status', () => {
    expect(car('ELECTRICITY', null, '2012-01')).toEqual({ meets: true, basis: 'zero_emission', euro: null });
    expect(car('GAS BI-FUEL', 'EURO 4', '2008-06')).toEqual({ meets: null, basis: 'unknown', euro: null });
    expect(car('STEAM', null, '1920-01').meets).toBeNull();
    expect(car('PETROL', null, '2012-01', 'motorcycle')).toEqual({ meets: null, basis: 'unknown', euro: null });
  });

  it('reads DVLA euro statuses', () => {
    expect(euroNumber('EURO 6')).toBe(6);
    expect(euroNumber('Euro 5a')).toBe(5);
    expect(euroNumber('')).toBeNull();
    expect(euroNumber(null)).toBeNull();
  });
});

describe('the zones', () => {
  it('charge £12.50 a day in London to a car, van or motorcycle below the standard', () => {
    expect(ULEZ.dailyCharge).toBe(12.5);
    for (const type of ['car', 'van', 'motorcycle'] as const) {
      expect(zoneVerdicts(type, false).find((v) => v.zoneId === 'london-ulez')).toEqual({
        zoneId: 'london-ulez',
        outcome: 'charged',
        charge: 12.5,
      });
    }
  });

  it('charge cars only in class D zones, vans in class C too, and bar cars and vans in Scotland but not motorcycles', () => {
    const outcome = (type: 'car' | 'van' | 'motorcycle', id: string) => zoneVerdicts(type, false).find((v) => v.zoneId === id)!.outcome;
    expect(outcome('car', 'birmingham-caz')).toBe('charged');
    expect(outcome('car', 'bath-caz')).toBe('free');
    expect(outcome('van', 'bath-caz')).toBe('charged');
    expect(outcome('car', 'portsmouth-caz')).toBe('free');
    expect(outcome('van', 'portsmouth-caz')).toBe('free');
    expect(outcome('car', 'glasgow-lez')).toBe('barred');
    expect(outcome('van', 'edinburgh-lez')).toBe('barred');
    expect(outcome('motorcycle', 'glasgow-lez')).toBe('free');
  });

  it('let a vehicle that meets the standard in everywhere, and say nothing when the standard cannot be decided', () => {
    expect(zoneVerdicts('car', true).every((v) => v.outcome === 'free')).toBe(true);
    expect(zoneVerdicts('car', null)).toEqual([]);
  });

  it('each carry sources read on a date, and an official one first where there is one', () => {
    for (const zone of ZONES) {
      expect(zone.sources.length, zone.id).toBeGreaterThan(0);
      for (const source of zone.sources) {
        expect(source.url, zone.id).toMatch(/^https:\/\//);
        expect(source.accessed).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
      expect(zone.since, zone.id).toMatch(/^\d{4}-\d{2}(-\d{2})?$/);
    }
    expect(zoneById('glasgow-lez').sources[0]!.url).toContain('lowemissionzones.scot');
    expect(zoneById('birmingham-caz').sources[0]!.url).toContain('gov.uk');
    expect(() => zoneById('oxford-zez')).toThrow();
  });
});
