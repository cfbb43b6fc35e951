import { describe, expect, it } from 'vitest';
import type { VedAssessment } from '../../../contract/tax';
import { VED_2025_26, type VedRateTable } from './rates';
import { addYears, assessVed, co2Band, historicCutoff, tableFor, taxYearOf, type VedVehicle } from './ved';

const car = (over: Partial<VedVehicle>): VedVehicle => ({
  vehicleType: 'car',
  fuel: 'PETROL',
  firstRegistered: '2019-03-14',
  yearOfManufacture: 2019,
  engineCapacity: 998,
  co2Emissions: 110,
  revenueWeight: null,
  ...over,
});
const at = (day: string) => new Date(`${day}T12:00:00Z`);
const assess = (over: Partial<VedVehicle>, day = '2025-10-01') => assessVed(car(over), at(day)).assessment;
const kindOf = <K extends VedAssessment['kind']>(a: VedAssessment, kind: K) => {
  expect(a.kind).toBe(kind);
  return a as Extract<VedAssessment, { kind: K }>;
};

describe('which rules a car falls under, by first registration', () => {
  it('taxes a car registered on 28 February 2001 by engine size, and one registered on 1 March 2001 by CO2 band', () => {
    kindOf(assess({ firstRegistered: '2001-02-28', yearOfManufacture: 2001, co2Emissions: null, engineCapacity: 1598 }), 'engine_size');
    expect(kindOf(assess({ firstRegistered: '2001-03-01', yearOfManufacture: 2001, co2Emissions: 150 }), 'co2_band').band).toBe('F');
  });

  it('puts 31 March 2017 in the CO2 bands and 1 April 2017 on the standard rate', () => {
    expect(kindOf(assess({ firstRegistered: '2017-03-31', co2Emissions: 131 }), 'co2_band').band).toBe('E');
    const standard = kindOf(assess({ firstRegistered: '2017-04-01', co2Emissions: 131 }), 'standard_rate');
    expect(standard.rates.twelveMonths).toBe(19_500);
  });

  it('splits pre-2001 engines at 1,549 cc and leaves the unconfirmed 2025/26 amount out', () => {
    const small = kindOf(
      assess({ firstRegistered: '1997-09-05', yearOfManufacture: 1997, co2Emissions: null, engineCapacity: 1549 }),
      'engine_size',
    );
    const large = kindOf(
      assess({ firstRegistered: '1997-09-05', yearOfManufacture: 1997, co2Emissions: null, engineCapacity: 1550 }),
      'engine_size',
    );
    expect([small.band, large.band]).toEqual(['up_to_1549cc', 'over_1549cc']);
    expect(small.rates).toBeNull();
  });
});

describe('CO2 bands A–M (2025/26)', () => {
  it.each([
    [100, 'A', 2_000],
    [101, 'B', 2_000],
    [120, 'C', 3_500],
    [121, 'D', 16_500],
    [150, 'F', 21_500],
    [151, 'G', 26_500],
    [225, 'K', 43_000],
    [226, 'L', 73_500],
    [255, 'L', 73_500],
    [256, 'M', 76_000],
  ])('%i g/km is band %s at %i pence a year', (co2, band, pence) => {
    const result = co2Band(VED_2025_26, co2, '2010-06-01');
    expect(result.band).toBe(band);
    expect(result.rates.twelveMonths).toBe(pence);
  });

  it('caps cars over 225 g/km at band K when registered before 23 March 2006, not on it', () => {
    expect(co2Band(VED_2025_26, 300, '2006-03-22').band).toBe('K');
    expect(co2Band(VED_2025_26, 300, '2006-03-23').band).toBe('M');
  });

  it('has no six-month payment in bands A to C', () => {
    expect(co2Band(VED_2025_26, 115, '2010-06-01').rates.sixMonths).toBeNull();
    expect(co2Band(VED_2025_26, 135, '2010-06-01').rates.sixMonthsDirectDebit).toBe(10_238);
  });

  it('puts an electric car of 2001–2017 in band A: it pays since April 2025', () => {
    const ev = kindOf(assess({ fuel: 'ELECTRICITY', firstRegistered: '2014-06-01', co2Emissions: 0, engineCapacity: null }), 'co2_band');
    expect(ev.band).toBe('A');
    expect(ev.rates.twelveMonths).toBe(2_000);
  });
});

describe('the expensive car supplement', () => {
  it('runs from the first to the sixth anniversary of registration', () => {
    const supplement = kindOf(assess({ firstRegistered: '2022-05-20' }, '2025-10-01'), 'standard_rate').supplement!;
    expect(supplement).toMatchObject({ annual: 42_500, listPriceOver: 40_000, from: '2023-05-20', until: '2028-05-20', state: 'now' });
  });

  it('is ahead for a car in its first year and over on its sixth anniversary', () => {
    expect(kindOf(assess({ firstRegistered: '2025-06-01' }, '2026-05-31'), 'standard_rate').supplement!.state).toBe('ahead');
    expect(kindOf(assess({ firstRegistered: '2025-06-01' }, '2026-06-01'), 'standard_rate').supplement!.state).toBe('now');
    expect(kindOf(assess({ firstRegistered: '2019-03-14' }, '2025-03-13'), 'standard_rate').supplement!.state).toBe('now');
    expect(kindOf(assess({ firstRegistered: '2019-03-14' }, '2025-03-14'), 'standard_rate').supplement!.state).toBe('ended');
  });

  it('never applies to an electric car registered from April 2017 to 31 March 2025', () => {
    const ev = kindOf(
      assess({ fuel: 'ELECTRICITY', firstRegistered: '2025-03-31', co2Emissions: 0, engineCapacity: null }),
      'standard_rate',
    );
    expect(ev.supplement).toBeNull();
    expect(ev.noSupplementReason).toBe('zero_emission_registered_before_april_2025');
    expect(ev.rates.twelveMonths).toBe(19_500);
  });

  it('applies to an electric car registered from 1 April 2025, over £50,000 for licences from 1 April 2026', () => {
    const ev = { fuel: 'ELECTRICITY', firstRegistered: '2025-04-01', co2Emissions: 0, engineCapacity: null };
    expect(kindOf(assess(ev, '2025-10-01'), 'standard_rate').supplement!.listPriceOver).toBe(50_000);
    // A hybrid stays at £40,000.
    expect(
      kindOf(assess({ fuel: 'HYBRID ELECTRIC', firstRegistered: '2025-04-01', co2Emissions: 20 }, '2026-10-01'), 'standard_rate')
        .supplement!.listPriceOver,
    ).toBe(40_000);
  });

  it('gives a newer electric car the £50,000 threshold even before April 2026, a petrol car £40,000', () => {
    // Registered in May 2025, seen in March 2026: its second licence starts in May 2026, after the change.
    const late = kindOf(
      assess({ fuel: 'ELECTRICITY', firstRegistered: '2025-05-01', co2Emissions: 0, engineCapacity: null }, '2026-03-01'),
      'standard_rate',
    );
    expect(late.supplement!.listPriceOver).toBe(50_000);
    // A petrol car keeps the £40,000 threshold whenever it is taxed.
    expect(kindOf(assess({ firstRegistered: '2024-04-01' }, '2026-10-01'), 'standard_rate').supplement!.listPriceOver).toBe(40_000);
  });
});

describe('the first tax payment', () => {
  it('is shown for a car first registered in the rates’ tax year, by CO2, with the non-RDE2 diesel rate', () => {
    const diesel = kindOf(assess({ fuel: 'DIESEL', firstRegistered: '2025-04-01', co2Emissions: 131 }, '2025-10-01'), 'standard_rate');
    expect(diesel.firstPayment).toEqual({ amount: 54_000, nonRde2Diesel: 136_000 });
    const ev = kindOf(
      assess({ fuel: 'ELECTRICITY', firstRegistered: '2026-03-31', co2Emissions: 0, engineCapacity: null }, '2026-03-31'),
      'standard_rate',
    );
    expect(ev.firstPayment).toEqual({ amount: 1_000, nonRde2Diesel: null });
  });

  it('is not shown for a car first taxed in another year', () => {
    expect(kindOf(assess({ firstRegistered: '2025-03-31', co2Emissions: 131 }, '2025-10-01'), 'standard_rate').firstPayment).toBeNull();
  });
});

describe('the historic class (rolling 40 years)', () => {
  it('takes vehicles built before 1 January 1985 in 2025/26 and before 1 January 1986 from 1 April 2026', () => {
    expect(historicCutoff('2026-03-31')).toBe('1985-01-01');
    expect(historicCutoff('2026-04-01')).toBe('1986-01-01');
    const built1985 = { firstRegistered: '1985-06-01', yearOfManufacture: 1985, co2Emissions: null, engineCapacity: 1598 };
    expect(assess(built1985, '2026-03-31').kind).toBe('engine_size');
    expect(assess(built1985, '2026-04-01')).toEqual({ kind: 'historic', builtBefore: '1986-01-01' });
  });

  it('goes by the year built, not first registered', () => {
    expect(assess({ firstRegistered: '1985-02-01', yearOfManufacture: 1984, co2Emissions: null }, '2025-10-01').kind).toBe('historic');
  });

  it('covers motorcycles and vans too', () => {
    expect(
      assess({ vehicleType: 'motorcycle', firstRegistered: '1970-01-01', yearOfManufacture: 1969, engineCapacity: 649, co2Emissions: null })
        .kind,
    ).toBe('historic');
    expect(assess({ vehicleType: 'van', firstRegistered: '1975-01-01', yearOfManufacture: 1975, co2Emissions: null }).kind).toBe(
      'historic',
    );
  });
});

describe('vans and motorcycles', () => {
  it('puts a van of 3,500 kg in the light goods class; its 2025/26 rate is not confirmed', () => {
    const van = kindOf(
      assess({ vehicleType: 'van', fuel: 'DIESEL', firstRegistered: '2021-03-02', co2Emissions: 190, revenueWeight: 3500 }),
      'light_goods',
    );
    expect(van).toEqual({ kind: 'light_goods', euro4Window: false, rates: null });
  });

  it('flags the Euro 4 window of 1 March 2003 – 31 December 2006', () => {
    const light = (firstRegistered: string) =>
      kindOf(
        assess({ vehicleType: 'van', fuel: 'DIESEL', firstRegistered, yearOfManufacture: 2004, co2Emissions: 200, revenueWeight: 2500 }),
        'light_goods',
      ).euro4Window;
    expect([light('2003-02-28'), light('2003-03-01'), light('2006-12-31'), light('2007-01-01')]).toEqual([false, true, true, false]);
  });

  it('taxes a van registered before March 2001 by engine size', () => {
    expect(
      assess({ vehicleType: 'van', firstRegistered: '1999-05-01', yearOfManufacture: 1999, co2Emissions: null, engineCapacity: 2496 }).kind,
    ).toBe('engine_size');
  });

  it.each([
    [150, 'up_to_150cc'],
    [151, '151_to_400cc'],
    [400, '151_to_400cc'],
    [471, '401_to_600cc'],
    [600, '401_to_600cc'],
    [601, 'over_600cc'],
    [null, 'electric'],
  ] as const)('puts a %s cc motorcycle in band %s', (cc, band) => {
    const bike = kindOf(
      assess({ vehicleType: 'motorcycle', firstRegistered: '2017-03-24', engineCapacity: cc, co2Emissions: null }),
      'motorcycle',
    );
    expect(bike.band).toBe(band);
    expect(bike.rates).toBeNull();
  });
});

describe('the sources each answer cites', () => {
  it('cites the Act for motorcycle bands and the rate tables for an unconfirmed van rate, not the car tables', () => {
    const bike = assessVed(car({ vehicleType: 'motorcycle', engineCapacity: 471, firstRegistered: '2017-03-24' }), at('2026-11-23')).rates
      .sources;
    expect(bike.map((s) => s.url)).toEqual(['https://www.legislation.gov.uk/ukpga/1994/22/schedule/1/part/II']);
    const van = assessVed(car({ vehicleType: 'van', firstRegistered: '2021-03-02', revenueWeight: 3000 }), at('2026-11-23')).rates.sources;
    expect(van.map((s) => s.url)).toEqual([
      'https://www.gov.uk/vehicle-tax-rate-tables',
      'https://www.gov.uk/guidance/vehicle-tax-for-electric-and-low-emissions-vehicles',
    ]);
    const classic = assessVed(car({ firstRegistered: '1960-07-22', yearOfManufacture: 1960 }), at('2026-11-23')).rates.sources;
    expect(classic.map((s) => s.url)).toEqual(['https://www.gov.uk/historic-vehicles']);
  });
});

describe('the rates’ tax year', () => {
  it('runs from 1 April', () => {
    expect(taxYearOf('2026-03-31').label).toBe('2025/26');
    expect(taxYearOf('2026-04-01').label).toBe('2026/27');
    expect(taxYearOf('2099-12-31').label).toBe('2099/00');
  });

  it('says when the newest confirmed table is an earlier year’s', () => {
    const { rates } = assessVed(car({}), at('2026-11-23'));
    expect(rates).toMatchObject({ taxYear: '2025/26', from: '2025-04-01', to: '2026-03-31', todayTaxYear: '2026/27' });
    expect(rates.sources.every((s) => s.url.startsWith('https://www.gov.uk/'))).toBe(true);
  });

  it('picks up next year’s table once it is added and its year has begun', () => {
    const next: VedRateTable = { ...VED_2025_26, taxYear: '2026/27', from: '2026-04-01', to: '2027-03-31' };
    expect(tableFor('2026-03-31', [VED_2025_26, next]).taxYear).toBe('2025/26');
    expect(tableFor('2026-04-01', [VED_2025_26, next]).taxYear).toBe('2026/27');
  });

  it('moves 29 February anniversaries to 28 February', () => {
    expect(addYears('2020-02-29', 1)).toBe('2021-02-28');
    expect(addYears('2020-02-29', 4)).toBe('2024-02-29');
  });
});
