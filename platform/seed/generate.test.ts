import { describe, it, expect } from 'vitest';
import { generateRegister, toSql } from './generate.mjs';

type Data = ReturnType<typeof generateRegister>;
type Vehicle = Data['vehicles'][number];
type MotTest = Data['motTests'][number];

// A month start, a January/February (plate period begun the previous September) and a mid-month
// March (period begun that very month) exercise the asOf-relative rules.
const AS_OFS = ['2026-11-01', '2024-02-01', '2030-03-15'] as const;
const cache = new Map<string, Data>();
function data(asOf: string): Data {
  if (!cache.has(asOf)) cache.set(asOf, generateRegister({ asOf }));
  return cache.get(asOf)!;
}

const SHAPES = [
  /^[A-Z]{2}[0-9]{2}[A-Z]{3}$/,
  /^[A-Z][0-9]{1,3}[A-Z]{3}$/,
  /^[A-Z]{3}[0-9]{1,3}[A-Z]$/,
  /^[0-9]{1,4}[A-Z]{1,3}$/,
  /^[A-Z]{1,3}[0-9]{1,4}$/,
];
type Format = 'current' | 'prefix' | 'suffix' | 'northern-ireland' | 'dateless';
function formatOf(vrm: string): Format {
  if (/^[A-Z]{2}[0-9]{2}[A-Z]{3}$/.test(vrm)) return 'current';
  if (/^[A-Z][0-9]{1,3}[A-Z]{3}$/.test(vrm)) return 'prefix';
  if (/^[A-Z]{3}[0-9]{1,3}[A-Z]$/.test(vrm)) return 'suffix';
  if (/^[A-Z]{3}[0-9]{1,4}$/.test(vrm) && /[IZ]/.test(vrm.slice(0, 3))) return 'northern-ireland';
  return 'dateless';
}

// Written independently of the generator: a year letter and the first month (YYYY-MM) it was issued.
const PREFIX: Array<[string, string]> = 'ABCDEFGHJKLMNPRS'.split('').map((l, i) => [l, `${1983 + i}-08`]);
PREFIX.push(['T', '1999-03'], ['V', '1999-09'], ['W', '2000-03'], ['X', '2000-09'], ['Y', '2001-03']);
const SUFFIX: Array<[string, string]> = 'ABCDE'.split('').map((l, i) => [l, `${1963 + i}-01`]);
SUFFIX.push(...'FGHJKLMNPRSTVWXY'.split('').map((l, i): [string, string] => [l, `${1967 + i}-08`]));
const letterFor = (table: Array<[string, string]>, month: string) => table.filter(([, from]) => from <= month).at(-1)?.[0];

function expectedAgeId(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  if (m >= 3 && m <= 8) return String(y % 100).padStart(2, '0');
  return String(((m >= 9 ? y : y - 1) % 100) + 50);
}
// The period an age identifier denotes: 1 March of 20YY, or 1 September of 20(YY-50).
const periodOf = (id: string) => (Number(id) >= 50 ? `${2000 + Number(id) - 50}-09-01` : `${2000 + Number(id)}-03-01`);

function addYears(date: string, n: number): string {
  return `${Number(date.slice(0, 4)) + n}${date.slice(4, 10)}`.replace(/-02-29$/, '-02-28');
}
function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date.slice(0, 10)}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}
const yearsBetween = (a: string, b: string) => (Date.parse(b.slice(0, 10)) - Date.parse(a.slice(0, 10))) / 86_400_000 / 365.25;

function testsByVrm(d: Data): Map<string, MotTest[]> {
  const map = new Map<string, MotTest[]>();
  for (const t of d.motTests) map.set(t.vrm, [...(map.get(t.vrm) ?? []), t]);
  for (const list of map.values()) list.sort((a, b) => a.completed_date.localeCompare(b.completed_date));
  return map;
}
const byVrm = (d: Data, vrm: string): Vehicle => {
  const v = d.vehicles.find((x) => x.vrm === vrm);
  if (!v) throw new Error(`${vrm} missing`);
  return v;
};
const isSandbox = (d: Data, vrm: string) => d.sandbox.some((s) => s.vrm === vrm);

describe('determinism', () => {
  it('gives identical data and SQL for the same asOf', () => {
    const a = generateRegister({ asOf: '2026-11-01' });
    const b = generateRegister({ asOf: '2026-11-01' });
    expect(a).toEqual(b);
    expect(toSql(a)).toBe(toSql(b));
  });

  it('defaults asOf to the first day of the current UTC month', () => {
    const now = new Date();
    const firstOfMonth = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;
    expect(generateRegister({})).toEqual(generateRegister({ asOf: firstOfMonth }));
  });

  it('rejects a malformed asOf', () => {
    expect(() => generateRegister({ asOf: '1/11/2026' })).toThrow();
  });
});

// These walk every vehicle and MOT test of the register with an assertion each: tens of thousands
// of them, which take a few seconds on their own and more while the type check, the linter and the
// build share the two cores (npm test runs them side by side): past the default 5 s once.
describe.each(AS_OFS)('register as of %s', { timeout: 30_000 }, (asOf) => {
  const d = data(asOf);
  const tests = testsByVrm(d);

  it('has the fleet mix', () => {
    expect(d.vehicles.length).toBeGreaterThanOrEqual(320);
    const count = (f: (v: Vehicle) => boolean) => d.vehicles.filter(f).length;
    expect(count((v) => v.vehicle_type === 'van')).toBeGreaterThanOrEqual(15);
    expect(count((v) => v.vehicle_type === 'motorcycle')).toBeGreaterThanOrEqual(3);
    expect(count((v) => v.vehicle_type === 'car')).toBeGreaterThan(d.vehicles.length / 2);
    expect(new Set(d.vehicles.map((v) => v.vehicle_type))).toEqual(new Set(['car', 'van', 'motorcycle']));
    // Gas bi-fuel is one sandbox car's own story (a fuel the ULEZ standard doesn't cover).
    expect(new Set(d.vehicles.map((v) => v.fuel_type))).toEqual(
      new Set(['PETROL', 'DIESEL', 'HYBRID ELECTRIC', 'ELECTRICITY', 'GAS BI-FUEL']),
    );
    expect(new Set(d.vehicles.map((v) => formatOf(v.vrm)))).toEqual(
      new Set(['current', 'prefix', 'suffix', 'northern-ireland', 'dateless']),
    );
    expect(count((v) => v.tax_status === 'SORN')).toBeGreaterThan(0);
    expect(count((v) => v.tax_status === 'Untaxed')).toBeGreaterThan(0);
    expect(count((v) => v.has_outstanding_recall === 'Yes')).toBeGreaterThan(0);
  });

  it('spreads first registrations from the 1960s to asOf, weighted to 3–15 years old', () => {
    const months = d.vehicles.map((v) => v.month_of_first_registration);
    expect(months.every((m) => m <= asOf.slice(0, 7))).toBe(true);
    expect(d.vehicles.every((v) => v.first_used_date <= asOf)).toBe(true);
    expect(months.filter((m) => m.startsWith(asOf.slice(0, 4))).length).toBeGreaterThanOrEqual(3);
    const decades = new Set(months.map((m) => m.slice(0, 3)));
    for (let decade = 196; decade <= Number(asOf.slice(0, 3)); decade++) expect(decades).toContain(String(decade));
    const ages = d.vehicles.map((v) => yearsBetween(v.first_used_date, asOf));
    expect(ages.filter((a) => a >= 3 && a < 15).length).toBeGreaterThan(d.vehicles.length / 2);
  });

  it('stores every registration normalised, unique and in an accepted shape', () => {
    const vrms = d.vehicles.map((v) => v.vrm);
    expect(new Set(vrms).size).toBe(vrms.length);
    for (const vrm of vrms) {
      expect(vrm).toMatch(/^[A-Z0-9]+$/);
      expect(
        SHAPES.some((s) => s.test(vrm)),
        vrm,
      ).toBe(true);
      // ER19 plates are the sandbox's failures; only the tracker's pricing failure is a registered car.
      expect(vrm.startsWith('ER19') && vrm !== 'ER19PRC', vrm).toBe(false);
    }
    expect(vrms).not.toContain('AB99CDE');
  });

  it('dates every plate consistently with its first registration', () => {
    for (const v of d.vehicles) {
      const month = v.month_of_first_registration;
      expect(v.first_used_date.slice(0, 7)).toBe(month);
      const format = formatOf(v.vrm);
      if (format === 'current') {
        const id = v.vrm.slice(2, 4);
        expect(id, v.vrm).toBe(expectedAgeId(month));
        expect(periodOf(id) <= asOf, v.vrm).toBe(true);
        expect(v.vrm.slice(0, 2), v.vrm).not.toMatch(/[IQZ]/);
        expect(v.vrm.slice(4), v.vrm).not.toMatch(/[IQ]/);
      } else if (format === 'prefix') {
        expect(month >= '1983-08' && month < '2001-09', v.vrm).toBe(true);
        expect(v.vrm[0], v.vrm).toBe(letterFor(PREFIX, month));
      } else if (format === 'suffix') {
        expect(month >= '1963-01' && month < '1983-08', v.vrm).toBe(true);
        expect(v.vrm.at(-1), v.vrm).toBe(letterFor(SUFFIX, month));
      } else if (format === 'dateless') {
        expect(month < '1963-01', v.vrm).toBe(true);
      }
    }
  });

  it('keeps vehicle facts consistent with type, fuel and age', () => {
    for (const v of d.vehicles) {
      const at = `${v.vrm} ${v.make} ${v.model}`;
      expect(v.make, at).toBe(v.make.toUpperCase());
      expect(v.colour, at).toBe(v.colour.toUpperCase());
      expect(['Manual', 'Automatic']).toContain(v.transmission);
      expect(Number.isInteger(v.list_price) && v.list_price > 0, at).toBe(true);
      expect(v.year_of_manufacture).toBeLessThanOrEqual(Number(v.month_of_first_registration.slice(0, 4)));
      expect(v.year_of_manufacture).toBeGreaterThanOrEqual(Number(v.month_of_first_registration.slice(0, 4)) - 2);
      expect(v.date_of_last_v5c_issued >= v.first_used_date && v.date_of_last_v5c_issued <= asOf, at).toBe(true);
      expect(['Yes', 'No', 'Unknown']).toContain(v.has_outstanding_recall);
      expect([0, 1]).toContain(v.marked_for_export);
      if (!isSandbox(d, v.vrm)) expect(v.sandbox_note).toBeNull();

      const old = v.first_used_date < '1970-01-01';
      if (v.vehicle_type === 'car') expect(v.type_approval, at).toBe(old ? null : 'M1');
      if (v.vehicle_type === 'van') {
        expect(v.type_approval, at).toBe(old ? null : 'N1');
        expect(v.body).toBe('Panel Van');
        expect(v.revenue_weight! >= 2000 && v.revenue_weight! <= 3500, at).toBe(true);
      } else expect(v.revenue_weight, at).toBeNull();
      if (v.vehicle_type === 'motorcycle') {
        expect(v.type_approval, at).toBe(old ? null : 'L3');
        expect([v.body, v.wheelplan, v.transmission], at).toEqual(['Motorcycle', '2 WHEEL', 'Manual']);
      } else expect(v.wheelplan, at).toBe('2 AXLE RIGID BODY');

      if (v.fuel_type === 'ELECTRICITY') {
        expect(v.engine_capacity, at).toBeNull();
        expect(v.co2_emissions, at).toBe(0);
        expect(v.first_used_date >= '2011-01-01', at).toBe(true);
      } else {
        expect(v.engine_capacity! > 0, at).toBe(true);
        if (v.first_used_date < '2001-03-01') expect(v.co2_emissions, at).toBeNull();
        else expect(v.co2_emissions! > 0, at).toBe(true);
      }
      if (v.fuel_type === 'HYBRID ELECTRIC') expect(v.first_used_date >= '2000-01-01', at).toBe(true);
      if (v.euro_status !== null) {
        expect(['EURO 4', 'EURO 5', 'EURO 6']).toContain(v.euro_status);
        expect(v.first_used_date >= '2006-01-01', at).toBe(true);
        if (v.euro_status === 'EURO 6') expect(v.first_used_date >= '2015-09-01', at).toBe(true);
      }
    }
    expect(d.vehicles.some((v) => v.euro_status === null && v.first_used_date >= '2006-01-01')).toBe(true);
  });

  it('gives MOT tests well-formed fields', () => {
    const numbers = d.motTests.map((t) => t.mot_test_number);
    expect(new Set(numbers).size).toBe(numbers.length);
    const vrms = new Set(d.vehicles.map((v) => v.vrm));
    for (const t of d.motTests) {
      expect(vrms.has(t.vrm)).toBe(true);
      expect(t.mot_test_number).toMatch(/^[1-9][0-9]{11}$/);
      expect(t.completed_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
      expect(t.completed_date >= '2005-01-01' && t.completed_date.slice(0, 10) <= asOf, t.vrm).toBe(true);
      expect(['PASSED', 'FAILED']).toContain(t.test_result);
      if (t.test_result === 'PASSED') {
        expect(t.expiry_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(t.expiry_date! > t.completed_date.slice(0, 10) && t.expiry_date! <= addDays(addYears(t.completed_date, 1), 31), t.vrm).toBe(
          true,
        );
      } else expect(t.expiry_date).toBeNull();
      expect(t.odometer_result_type).toBe('READ');
      expect(['MI', 'KM']).toContain(t.odometer_unit);
      expect(Number.isInteger(t.odometer_value)).toBe(true);

      const defects = JSON.parse(t.defects) as Array<{ text: string; type: string; dangerous: boolean }>;
      const modern = t.completed_date >= '2018-05-20';
      const types = modern ? ['ADVISORY', 'MINOR', 'MAJOR', 'DANGEROUS', 'PRS'] : ['ADVISORY', 'FAIL', 'PRS'];
      for (const defect of defects) {
        expect(types).toContain(defect.type);
        expect(defect.text.length).toBeGreaterThan(5);
        expect(defect.dangerous).toBe(defect.type === 'DANGEROUS');
      }
      const failing = defects.filter((x) => ['MAJOR', 'DANGEROUS', 'FAIL'].includes(x.type));
      if (t.test_result === 'FAILED') expect(failing.length, t.mot_test_number).toBeGreaterThan(0);
      else expect(failing).toEqual([]);
    }
    expect(d.motTests.some((t) => t.test_result === 'FAILED')).toBe(true);
  });

  it('tests no vehicle before its third anniversary (early by at most a month), in order, with a rising odometer', () => {
    for (const v of d.vehicles) {
      const list = tests.get(v.vrm) ?? [];
      const earliest = addDays(addYears(v.first_used_date, 3), -31);
      let drops = 0;
      for (const [i, t] of list.entries()) {
        expect(t.completed_date.slice(0, 10) >= earliest, `${v.vrm} ${t.completed_date}`).toBe(true);
        expect(t.odometer_unit).toBe(list[0]!.odometer_unit);
        const previous = list[i - 1];
        if (!previous) continue;
        expect(t.completed_date > previous.completed_date).toBe(true);
        if (t.odometer_value! < previous.odometer_value!) drops++;
      }
      expect(drops, v.vrm).toBe(v.vrm === 'KC16CLK' ? 1 : 0);
    }
  });

  it('derives MOT and tax status from the history and asOf', () => {
    for (const v of d.vehicles) {
      const list = tests.get(v.vrm) ?? [];
      const under3 = addYears(v.first_used_date, 3) > asOf;
      const over40 = addYears(v.first_used_date, 40) <= asOf;
      const lastPass = list.filter((t) => t.test_result === 'PASSED').at(-1);
      // The first MOT may be taken up to a month before the third anniversary.
      if (addDays(addYears(v.first_used_date, 3), -31) > asOf) expect(list, v.vrm).toEqual([]);
      if (list.length === 0) {
        expect(v.mot_status, v.vrm).toBe(under3 ? 'No details held by DVLA' : 'No results returned');
        if (!under3) expect(over40, v.vrm).toBe(true);
        expect(v.mot_expiry_date).toBeNull();
      } else {
        expect(v.mot_expiry_date, v.vrm).toBe(lastPass?.expiry_date ?? null);
        expect(v.mot_status, v.vrm).toBe(lastPass && lastPass.expiry_date! >= asOf ? 'Valid' : 'Not valid');
      }

      expect(['Taxed', 'Untaxed', 'SORN', 'Not Taxed for on Road Use']).toContain(v.tax_status);
      if (v.tax_status === 'Taxed') {
        expect(v.tax_due_date! > asOf, v.vrm).toBe(true);
        expect(v.mot_status !== 'Not valid' || over40, `${v.vrm} taxed without an MOT`).toBe(true);
      }
      if (v.tax_status === 'Untaxed') expect(v.tax_due_date! <= asOf, v.vrm).toBe(true);
      if (v.tax_status === 'SORN') expect(v.tax_due_date).toBeNull();
    }
    const statuses = new Set(d.vehicles.map((v) => v.mot_status));
    expect(statuses).toEqual(new Set(['Valid', 'Not valid', 'No details held by DVLA', 'No results returned']));
  });

  it('writes one INSERT OR IGNORE per row, vehicles first', () => {
    const lines = toSql(d).trimEnd().split('\n');
    expect(lines.length).toBe(d.vehicles.length + d.motTests.length);
    for (const line of lines) expect(line).toMatch(/^INSERT OR IGNORE INTO (register_vehicles|mot_tests) \(.+\) VALUES \(.+\);$/);
    expect(lines.findLastIndex((l) => l.includes('INTO register_vehicles'))).toBe(d.vehicles.length - 1);
  });
});

describe('named sandbox registrations (as of 2026-11-01)', () => {
  const d = data('2026-11-01');
  const tests = testsByVrm(d);
  const history = (vrm: string) => tests.get(vrm) ?? [];
  const annualMiles = (vrm: string) => {
    const last = history(vrm).at(-1)!;
    return last.odometer_value! / yearsBetween(byVrm(d, vrm).first_used_date, last.completed_date);
  };

  it('lists them in a stable order, each present with its note', () => {
    expect(d.sandbox.map((s) => s.vrm)).toEqual([
      'KE19FTA',
      'KD15DSL',
      'KH68HYB',
      'KT70EVS',
      'KV21VAN',
      'KM17MCY',
      'KG08LPG',
      'KN76NEW',
      'KC16CLK',
      'KF14FAL',
      'KK18KMS',
      'R123OLD',
      'A123BCD',
      'ABC123D',
      '1234AB',
      '123ABC',
      'AB1234',
      'ABC123',
      'ABZ1234',
      'KU20OFR',
      'KW19SLD',
      'KR18DOC',
      'KP17PRF',
      'KA16ACT',
      'KS12SRN',
      'DUZ1',
      'KU16TAX',
      'KL21LUX',
      'KE25ZEV',
      'ER19PRC',
      'KE19DNT',
      'KE19WLT',
      'KE19CAP',
    ]);
    for (const s of d.sandbox) {
      expect(s.note.length).toBeGreaterThan(10);
      expect(byVrm(d, s.vrm).sandbox_note).toBe(s.note);
    }
    expect(d.sandbox[0]!.note).toBe('Happy path: a petrol hatchback with a clean MOT history.');
  });

  it('KE19FTA is a clean-history petrol Fiesta doing about 8,000 miles a year', () => {
    expect(byVrm(d, 'KE19FTA')).toMatchObject({
      make: 'FORD',
      model: 'Fiesta',
      body: 'Hatchback',
      transmission: 'Manual',
      colour: 'BLUE',
      fuel_type: 'PETROL',
      month_of_first_registration: '2019-03',
      engine_capacity: 998,
      mot_status: 'Valid',
      tax_status: 'Taxed',
    });
    expect(history('KE19FTA').length).toBeGreaterThanOrEqual(4);
    expect(history('KE19FTA').every((t) => t.test_result === 'PASSED' && t.defects === '[]')).toBe(true);
    expect(annualMiles('KE19FTA')).toBeGreaterThan(7000);
    expect(annualMiles('KE19FTA')).toBeLessThan(9000);
  });

  it('covers the fuel and type edge cases', () => {
    expect(byVrm(d, 'KD15DSL')).toMatchObject({
      make: 'VOLKSWAGEN',
      model: 'Golf',
      fuel_type: 'DIESEL',
      month_of_first_registration: '2015-04',
      euro_status: 'EURO 5',
    });
    expect(byVrm(d, 'KD15DSL').sandbox_note).toMatch(/diesel.*not ULEZ-compliant/i);
    expect(byVrm(d, 'KH68HYB')).toMatchObject({
      make: 'TOYOTA',
      model: 'Prius',
      fuel_type: 'HYBRID ELECTRIC',
      month_of_first_registration: '2018-09',
    });
    expect(byVrm(d, 'KT70EVS')).toMatchObject({
      make: 'TESLA',
      model: 'Model 3',
      fuel_type: 'ELECTRICITY',
      month_of_first_registration: '2020-09',
      engine_capacity: null,
      co2_emissions: 0,
    });
    expect(byVrm(d, 'KV21VAN')).toMatchObject({
      make: 'FORD',
      model: 'Transit Custom',
      vehicle_type: 'van',
      type_approval: 'N1',
      fuel_type: 'DIESEL',
      month_of_first_registration: '2021-03',
      euro_status: 'EURO 6',
      revenue_weight: 3000,
    });
    expect(annualMiles('KV21VAN')).toBeGreaterThan(17_000);
    expect(byVrm(d, 'KM17MCY')).toMatchObject({
      make: 'HONDA',
      model: 'CB500F',
      vehicle_type: 'motorcycle',
      type_approval: 'L3',
      fuel_type: 'PETROL',
      month_of_first_registration: '2017-03',
    });
  });

  it('has a brand-new car in the current plate period, for any asOf', () => {
    expect(byVrm(d, 'KN76NEW')).toMatchObject({
      month_of_first_registration: '2026-09',
      mot_status: 'No details held by DVLA',
      mot_expiry_date: null,
    });
    expect(history('KN76NEW')).toEqual([]);
    expect(byVrm(data('2024-02-01'), 'KN73NEW').month_of_first_registration).toBe('2023-09');
    expect(byVrm(data('2030-03-15'), 'KN30NEW').month_of_first_registration).toBe('2030-03');
  });

  it('KC16CLK is a clocked Astra: one reading drops by thousands of miles', () => {
    expect(byVrm(d, 'KC16CLK')).toMatchObject({ make: 'VAUXHALL', model: 'Astra', month_of_first_registration: '2016-03' });
    const readings = history('KC16CLK').map((t) => t.odometer_value!);
    const drop = readings.findIndex((r, i) => i > 0 && r < readings[i - 1]!);
    expect(readings[drop - 1]! - readings[drop]!).toBeGreaterThan(15_000);
  });

  it('KF14FAL failed its latest MOT dangerously and was not retested', () => {
    expect(byVrm(d, 'KF14FAL')).toMatchObject({ month_of_first_registration: '2014-03', mot_status: 'Not valid' });
    const last = history('KF14FAL').at(-1)!;
    expect(last.test_result).toBe('FAILED');
    expect(JSON.parse(last.defects)).toContainEqual(expect.objectContaining({ type: 'DANGEROUS', dangerous: true }));
  });

  it('covers imports, high mileage and every plate era', () => {
    expect(history('KK18KMS').length).toBeGreaterThan(0);
    expect(history('KK18KMS').every((t) => t.odometer_unit === 'KM')).toBe(true);
    expect(byVrm(d, 'R123OLD').month_of_first_registration).toBe('1997-09');
    expect(history('R123OLD').at(-1)!.odometer_value).toBeGreaterThan(280_000);
    expect(byVrm(d, 'A123BCD').month_of_first_registration >= '1983-08').toBe(true);
    expect(byVrm(d, 'A123BCD').month_of_first_registration < '1984-08').toBe(true);
    expect(byVrm(d, 'ABC123D').month_of_first_registration.slice(0, 4)).toBe('1966');
    for (const vrm of ['1234AB', '123ABC', 'AB1234', 'ABC123']) {
      const v = byVrm(d, vrm);
      expect(v.first_used_date >= '1950-01-01' && v.first_used_date < '1963-01-01', vrm).toBe(true);
      expect(v.mot_status).toBe('No results returned');
    }
    const ni = byVrm(d, 'ABZ1234');
    expect(ni.first_used_date >= '2010-01-01' && ni.first_used_date < '2021-01-01').toBe(true);
    expect(byVrm(d, 'KS12SRN').tax_status).toBe('SORN');
  });

  it('leaves out the registrations the platform answers as provider failures', () => {
    for (const vrm of ['ER19BAD', 'ER19NFD', 'ER19THR', 'ER19ERR', 'ER19MNT', 'ER19ULZ', 'AB99CDE']) {
      expect(d.vehicles.some((v) => v.vrm === vrm)).toBe(false);
    }
  });
});

describe('toSql', () => {
  it('escapes single quotes and writes NULL for null', () => {
    const d = data('2026-11-01');
    const vehicle = { ...d.vehicles[0]!, model: "O'Brien Special", sandbox_note: null };
    const sql = toSql({ vehicles: [vehicle], motTests: [], sandbox: [] });
    expect(sql).toContain("'O''Brien Special'");
    expect(sql.trimEnd()).toMatch(/, NULL\);$/);
    expect(toSql(d)).toContain("zone ''A''");
  });
});
