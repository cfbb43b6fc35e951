// Generates the simulated vehicle register (DVLA-like vehicles, DVSA-like MOT histories) that
// fills platform/migrations/0001_register.sql. Deterministic: the output depends only on SEED and
// asOf, so a seed run can be repeated and reviewed. Every date is relative to asOf, so the data
// never ages: a car that is "5 years old" stays 5 years old whenever the seed is regenerated.
//
//   node platform/seed/generate.mjs [--as-of YYYY-MM-DD]   → platform/seed/out/register.sql
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runClock } from './run-clock.mjs';

/**
 * @typedef {{ vrm: string, make: string, model: string, body: string, transmission: string,
 *   colour: string, fuel_type: string, vehicle_type: string, type_approval: string | null,
 *   wheelplan: string, revenue_weight: number | null, year_of_manufacture: number,
 *   month_of_first_registration: string, engine_capacity: number | null,
 *   co2_emissions: number | null, euro_status: string | null, tax_status: string,
 *   tax_due_date: string | null, mot_status: string, mot_expiry_date: string | null,
 *   marked_for_export: number, date_of_last_v5c_issued: string, first_used_date: string,
 *   has_outstanding_recall: string, list_price: number, sandbox_note: string | null }} VehicleRow
 * @typedef {{ mot_test_number: string, vrm: string, completed_date: string, test_result: string,
 *   expiry_date: string | null, odometer_value: number | null, odometer_unit: string | null,
 *   odometer_result_type: string, defects: string }} MotTestRow
 * @typedef {{ vrm: string, note: string }} SandboxEntry
 * @typedef {{ vehicles: VehicleRow[], motTests: MotTestRow[], sandbox: SandboxEntry[] }} RegisterData
 */

const SEED = 0x4b657262; // "Kerb"
const MOT_RECORDS_START = '2005-01-01'; // DVSA's digital MOT records begin here
const DEFECT_CATEGORIES_FROM = '2018-05-20'; // MINOR/MAJOR/DANGEROUS replaced FAIL on this date

// ---------------------------------------------------------------- randomness and dates

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
// FNV-1a: lets each vehicle draw from its own stream, so a named vehicle's details do not shift
// when the random fleet around it changes.
function hash(text) {
  let h = 0x811c9dc5;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}
function tools(rng) {
  const int = (lo, hi) => lo + Math.floor(rng() * (hi - lo + 1));
  const pick = (list) => list[Math.floor(rng() * list.length)];
  const uniform = (lo, hi) => lo + rng() * (hi - lo);
  const weighted = (pairs) => {
    let r = rng() * pairs.reduce((sum, [, w]) => sum + w, 0);
    for (const [value, w] of pairs) if ((r -= w) < 0) return value;
    return pairs[pairs.length - 1][0];
  };
  // n distinct items: one MOT does not list the same defect twice
  const sample = (list, n) => {
    const pool = [...list];
    return Array.from({ length: Math.min(n, pool.length) }, () => pool.splice(Math.floor(rng() * pool.length), 1)[0]);
  };
  return { rng, int, pick, uniform, weighted, sample, chance: (p) => rng() < p };
}

const DAY = 86_400_000;
const ymd = (y, m, d) => new Date(Date.UTC(y, m - 1, d));
const iso = (t) => t.toISOString().slice(0, 10);
const parse = (s) => new Date(`${s}T00:00:00.000Z`);
const addDays = (t, n) => new Date(t.getTime() + n * DAY);
const Y = (t) => t.getUTCFullYear();
const M = (t) => t.getUTCMonth() + 1;
const firstOfMonth = (t, plusMonths = 0) => ymd(Y(t), M(t) + plusMonths, 1);
// An anniversary of 29 February falls on 28 February, as DVSA dates it.
function addYears(t, n) {
  const d = ymd(Y(t) + n, M(t), t.getUTCDate());
  return d.getUTCMonth() === t.getUTCMonth() ? d : addDays(d, -d.getUTCDate());
}
const minDate = (a, b) => (a < b ? a : b);
const maxDate = (a, b) => (a > b ? a : b);

// ---------------------------------------------------------------- registration marks

const REGION = 'ABCDEFGHKLMNOPRSVWY'; // memory-tag region letters in use (never I, Q, Z; J, T, U, X unallocated)
const LETTERS = 'ABCDEFGHJKLMNOPRSTUVWXY'; // I and Q look like 1 and 0; Z is kept for Northern Ireland
const NI_CODES = [
  'IA',
  'IB',
  'IG',
  'IJ',
  'IL',
  'IW',
  'JI',
  'AZ',
  'BZ',
  'CZ',
  'DZ',
  'EZ',
  'FZ',
  'GZ',
  'HZ',
  'JZ',
  'KZ',
  'LZ',
  'MZ',
  'NZ',
  'OI',
  'OZ',
  'PZ',
  'RZ',
  'SZ',
  'TZ',
  'UI',
  'UZ',
  'VZ',
  'WZ',
  'XI',
  'XZ',
  'YZ',
];
// Year letters and the month (YYYYMM) each was first issued.
const PREFIX_LETTERS = [
  ['A', 198308],
  ['B', 198408],
  ['C', 198508],
  ['D', 198608],
  ['E', 198708],
  ['F', 198808],
  ['G', 198908],
  ['H', 199008],
  ['J', 199108],
  ['K', 199208],
  ['L', 199308],
  ['M', 199408],
  ['N', 199508],
  ['P', 199608],
  ['R', 199708],
  ['S', 199808],
  ['T', 199903],
  ['V', 199909],
  ['W', 200003],
  ['X', 200009],
  ['Y', 200103],
];
const SUFFIX_LETTERS = [
  ['A', 196301],
  ['B', 196401],
  ['C', 196501],
  ['D', 196601],
  ['E', 196701],
  ['F', 196708],
  ['G', 196808],
  ['H', 196908],
  ['J', 197008],
  ['K', 197108],
  ['L', 197208],
  ['M', 197308],
  ['N', 197408],
  ['P', 197508],
  ['R', 197608],
  ['S', 197708],
  ['T', 197808],
  ['V', 197908],
  ['W', 198008],
  ['X', 198108],
  ['Y', 198208],
];
const CURRENT_FROM = 200109;
const PREFIX_FROM = 198308;
const SUFFIX_FROM = 196301;

const yyyymm = (t) => Y(t) * 100 + M(t);
const letterFor = (table, t) => table.filter(([, from]) => from <= yyyymm(t)).pop()[0];

/** Current-format age identifier: March–August = YY, September–February = YY+50 of the September's year. */
function ageIdentifier(t) {
  const m = M(t);
  const n = m >= 3 && m <= 8 ? Y(t) % 100 : ((m >= 9 ? Y(t) : Y(t) - 1) % 100) + 50;
  return String(n).padStart(2, '0');
}
/** First day of the six-month plate period that contains t (1 March or 1 September). */
function platePeriodStart(t) {
  const m = M(t);
  if (m >= 3 && m <= 8) return ymd(Y(t), 3, 1);
  return ymd(m >= 9 ? Y(t) : Y(t) - 1, 9, 1);
}

function plateFor(r, first, northernIreland) {
  const letters = (n) => Array.from({ length: n }, () => r.pick([...LETTERS])).join('');
  const digits = (maxLen) => String(r.int(1, 10 ** r.int(1, maxLen) - 1));
  if (northernIreland) return r.pick([...LETTERS]) + r.pick(NI_CODES) + digits(4);
  const when = yyyymm(first);
  if (when >= CURRENT_FROM) return r.pick([...REGION]) + letters(1) + ageIdentifier(first) + letters(3);
  if (when >= PREFIX_FROM) return letterFor(PREFIX_LETTERS, first) + digits(3) + letters(3);
  if (when >= SUFFIX_FROM) return letters(3) + digits(3) + letterFor(SUFFIX_LETTERS, first);
  return r.chance(0.5) ? digits(4) + letters(r.int(1, 3)) : letters(r.int(1, 3)) + digits(4);
}

// The platform answers these as simulated provider failures, so the register must not hold them.
const isReserved = (vrm) => vrm.startsWith('ER19') || vrm === 'AB99CDE';

// ---------------------------------------------------------------- what is on the road

const FUELS = { P: 'PETROL', D: 'DIESEL', H: 'HYBRID ELECTRIC', E: 'ELECTRICITY' };
// [make, model, body, kind, from, to, price, engines, flags]
// engines: fuel letter (P petrol, D diesel, H hybrid, E electric) + cc list, @from[-to] when that
// fuel was sold. flags: c = classic (price is today's collector value, not the new price),
// a = usually automatic. Classics are only drawn for first registrations before 1990.
const CATALOGUE = [
  ['MORRIS', 'Minor', 'Saloon', 'car', 1949, 1971, 7500, 'P918,948,1098', 'c'],
  ['AUSTIN', 'Mini', 'Saloon', 'car', 1959, 1969, 14000, 'P848,998', 'c'],
  ['JAGUAR', 'XK150', 'Coupe', 'car', 1957, 1961, 85000, 'P3442,3781', 'c'],
  ['AUSTIN-HEALEY', '3000', 'Convertible', 'car', 1959, 1967, 60000, 'P2912', 'c'],
  ['MG', 'MGA', 'Roadster', 'car', 1955, 1962, 28000, 'P1489,1588,1622', 'c'],
  ['FORD', 'Anglia', 'Saloon', 'car', 1959, 1967, 7000, 'P997,1198', 'c'],
  ['LAND ROVER', 'Series II', 'Station Wagon', 'car', 1958, 1971, 20000, 'P2286 D2052,2286', 'c'],
  ['JAGUAR', 'E-Type', 'Coupe', 'car', 1961, 1975, 95000, 'P3781,4235,5343', 'c'],
  ['MG', 'MGB', 'Roadster', 'car', 1962, 1980, 12000, 'P1798', 'c'],
  ['FORD', 'Cortina', 'Saloon', 'car', 1962, 1982, 11000, 'P1198,1498,1599,1993', 'c'],
  ['TRIUMPH', 'Spitfire', 'Convertible', 'car', 1962, 1980, 9000, 'P1147,1296,1493', 'c'],
  ['FORD', 'Escort', 'Saloon', 'car', 1968, 1986, 15000, 'P1098,1298,1598', 'c'],
  ['FORD', 'Capri', 'Coupe', 'car', 1969, 1986, 18000, 'P1593,1993,2792', 'c'],
  ['LAND ROVER', 'Series III', 'Station Wagon', 'car', 1971, 1985, 18000, 'P2286 D2286', 'c'],
  ['VAUXHALL', 'Cavalier', 'Saloon', 'car', 1975, 1989, 6000, 'P1598,1796,1998', 'c'],
  ['VOLKSWAGEN', 'Golf GTI', 'Hatchback', 'car', 1976, 1989, 16000, 'P1588,1781', 'c'],
  ['AUSTIN', 'Metro', 'Hatchback', 'car', 1980, 1989, 4000, 'P998,1275', 'c'],
  ['FORD', 'Sierra', 'Hatchback', 'car', 1982, 1989, 7000, 'P1593,1796,1993', 'c'],
  ['MERCEDES-BENZ', '190E', 'Saloon', 'car', 1983, 1989, 8000, 'P1997,2299', 'ca'],
  ['PEUGEOT', '205 GTI', 'Hatchback', 'car', 1984, 1989, 15000, 'P1580,1905', 'c'],
  ['VOLKSWAGEN', 'Type 2', 'Panel Van', 'van', 1963, 1979, 25000, 'P1493,1584', 'c'],
  ['FORD', 'Transit', 'Panel Van', 'van', 1965, 1989, 12000, 'P1663,1993 D2496', 'c'],
  ['TRIUMPH', 'Bonneville T120', 'Motorcycle', 'motorcycle', 1959, 1975, 12000, 'P649', 'c'],
  ['HONDA', 'CB750', 'Motorcycle', 'motorcycle', 1969, 1989, 9000, 'P736,747', 'c'],

  ['FORD', 'Fiesta', 'Hatchback', 'car', 1990, 2023, 17000, 'P998,1242,1596 D1399,1560'],
  ['FORD', 'Escort', 'Hatchback', 'car', 1990, 2000, 14000, 'P1392,1597,1796 D1753'],
  ['FORD', 'Focus', 'Hatchback', 'car', 1998, null, 23000, 'P999,1596,1999 D1560,1753,1997'],
  ['FORD', 'Kuga', 'SUV', 'car', 2008, null, 30000, 'P1497,2488 D1997,1499 H2488@2020'],
  ['FORD', 'Transit', 'Panel Van', 'van', 1990, null, 33000, 'D2198,1995,2402'],
  ['FORD', 'Transit Custom', 'Panel Van', 'van', 2012, null, 32000, 'D1995,2198'],
  ['FORD', 'Transit Connect', 'Panel Van', 'van', 2002, 2023, 24000, 'D1499,1753,1560'],
  ['VAUXHALL', 'Cavalier', 'Saloon', 'car', 1990, 1995, 16000, 'P1598,1796 D1686'],
  ['VAUXHALL', 'Corsa', 'Hatchback', 'car', 1993, null, 18000, 'P1199,1229,1398 D1248 E@2020'],
  ['VAUXHALL', 'Astra', 'Hatchback', 'car', 1991, null, 22000, 'P1398,1598,1199 D1686,1956,1598 H1598@2022'],
  ['VAUXHALL', 'Vivaro', 'Panel Van', 'van', 2001, null, 29000, 'D1995,1598,1997 E@2020'],
  ['VOLKSWAGEN', 'Golf', 'Hatchback', 'car', 1990, null, 26000, 'P1390,1395,1498,1984 D1896,1968,1598 H1395@2015 E@2014-2020'],
  ['VOLKSWAGEN', 'Polo', 'Hatchback', 'car', 1990, null, 19000, 'P999,1198,1390 D1422,1598'],
  ['VOLKSWAGEN', 'Transporter', 'Panel Van', 'van', 1990, null, 34000, 'D1968,2461,1896'],
  ['BMW', '3 Series', 'Saloon', 'car', 1990, null, 37000, 'P1995,1998,2979 D1995 H1998@2016', 'a'],
  ['BMW', '1 Series', 'Hatchback', 'car', 2004, null, 28000, 'P1499,1598,1998 D1995', 'a'],
  ['MERCEDES-BENZ', 'C Class', 'Saloon', 'car', 1993, null, 40000, 'P1595,1796,1991 D2143,1950 H1991@2015', 'a'],
  ['MERCEDES-BENZ', 'Sprinter', 'Panel Van', 'van', 1995, null, 40000, 'D2143,2148,1950 E@2019'],
  ['AUDI', 'A3', 'Hatchback', 'car', 1996, null, 28000, 'P1395,999,1498,1984 D1968,1598,1896 H1395@2014', 'a'],
  ['AUDI', 'A4', 'Saloon', 'car', 1995, null, 35000, 'P1984,1798 D1968,2698,1896', 'a'],
  ['TOYOTA', 'Yaris', 'Hatchback', 'car', 1999, null, 19000, 'P998,1329 H1497@2012'],
  ['TOYOTA', 'Prius', 'Hatchback', 'car', 2000, null, 26000, 'H1497,1798', 'a'],
  ['TOYOTA', 'Corolla', 'Hatchback', 'car', 1990, 2007, 17000, 'P1398,1598 D1995'],
  ['TOYOTA', 'Corolla', 'Hatchback', 'car', 2019, null, 27000, 'H1798,1987', 'a'],
  ['NISSAN', 'Micra', 'Hatchback', 'car', 1990, 2022, 15000, 'P998,1198,1240'],
  ['NISSAN', 'Qashqai', 'SUV', 'car', 2007, null, 28000, 'P1197,1332,1598 D1461,1598 H1497@2022'],
  ['NISSAN', 'Leaf', 'Hatchback', 'car', 2011, null, 30000, 'E'],
  ['KIA', 'Sportage', 'SUV', 'car', 1995, null, 30000, 'P1591,1998 D1685,1995 H1598@2021'],
  ['KIA', 'Niro', 'SUV', 'car', 2016, null, 30000, 'H1580 E@2018'],
  ['HYUNDAI', 'Tucson', 'SUV', 'car', 2004, null, 31000, 'P1591,1998 D1995,1685 H1598@2021'],
  ['HYUNDAI', 'Kona', 'SUV', 'car', 2017, null, 25000, 'P998,1591 H1580@2019 E@2018'],
  ['TESLA', 'Model 3', 'Saloon', 'car', 2019, null, 40000, 'E', 'a'],
  ['TESLA', 'Model Y', 'SUV', 'car', 2022, null, 45000, 'E', 'a'],
  ['MG', 'ZS EV', 'SUV', 'car', 2019, null, 29000, 'E'],
  ['MG', 'MG4', 'Hatchback', 'car', 2022, null, 27000, 'E'],
  ['PEUGEOT', '208', 'Hatchback', 'car', 2012, null, 20000, 'P1199,1598 D1499,1560 E@2019'],
  ['PEUGEOT', 'Partner', 'Panel Van', 'van', 1996, null, 23000, 'D1560,1499,1868 E@2018'],
  ['RENAULT', 'Clio', 'Hatchback', 'car', 1991, null, 18000, 'P898,999,1149,1390 D1461 H1598@2020'],
  ['RENAULT', 'Zoe', 'Hatchback', 'car', 2013, 2024, 28000, 'E'],
  ['LAND ROVER', 'Range Rover Evoque', 'SUV', 'car', 2011, null, 42000, 'P1999,1997 D2179,1999 H1498@2020', 'a'],
  ['LAND ROVER', 'Discovery Sport', 'SUV', 'car', 2015, null, 40000, 'P1997 D1999', 'a'],
  ['HONDA', 'Civic', 'Hatchback', 'car', 1990, null, 25000, 'P1396,1598,1798,1498 D2199,1597 H1993@2022'],
  ['HONDA', 'Jazz', 'Hatchback', 'car', 2002, null, 20000, 'P1339,1318,1198 H1498@2020'],
  ['MINI', 'Cooper', 'Hatchback', 'car', 2001, null, 22000, 'P1598,1499 D1598,1496 E@2020'],
  ['ROVER', 'Mini', 'Saloon', 'car', 1990, 2000, 10000, 'P1275'],
  ['SKODA', 'Octavia', 'Estate', 'car', 1996, null, 25000, 'P1395,999,1498,1984 D1968,1598,1896 H1395@2020'],
  ['SKODA', 'Fabia', 'Hatchback', 'car', 1999, null, 17000, 'P999,1198,1390 D1422,1896'],
  ['VOLVO', 'V70', 'Estate', 'car', 1996, 2016, 30000, 'P2435 D2401,1984', 'a'],
  ['VOLVO', 'XC40', 'SUV', 'car', 2018, null, 36000, 'P1477,1969 D1969 H1477@2020 E@2020', 'a'],
  ['HONDA', 'CBR600F', 'Motorcycle', 'motorcycle', 1990, 2006, 8000, 'P599'],
  ['SUZUKI', 'SV650', 'Motorcycle', 'motorcycle', 1999, null, 7000, 'P645'],
  ['HONDA', 'CB500F', 'Motorcycle', 'motorcycle', 2013, null, 6200, 'P471'],
  ['YAMAHA', 'MT-07', 'Motorcycle', 'motorcycle', 2014, null, 7500, 'P689'],
  ['TRIUMPH', 'Bonneville T120', 'Motorcycle', 'motorcycle', 2016, null, 11500, 'P1200'],
  ['BMW', 'R 1250 GS', 'Motorcycle', 'motorcycle', 2019, null, 16500, 'P1254'],
].map(([make, model, body, kind, from, to, price, engines, flags = '']) => ({
  make,
  model,
  body,
  kind,
  from,
  to: to ?? 9999,
  price,
  classic: flags.includes('c'),
  auto: flags.includes('a'),
  engines: engines.split(' ').map((spec) => {
    const [, fuel, ccs, since, until] = /^([PDHE])([\d,]*)(?:@(\d{4})(?:-(\d{4}))?)?$/.exec(spec);
    return { fuel: FUELS[fuel], ccs: ccs ? ccs.split(',').map(Number) : [], since: +(since ?? 0), until: +(until ?? 9999) };
  }),
}));
const VAN_WEIGHTS = {
  Transit: [3100, 3500],
  'Transit Custom': [2800, 3400],
  'Transit Connect': [2000, 2400],
  Vivaro: [2700, 3100],
  Transporter: [2600, 3200],
  Sprinter: [3000, 3500],
  Partner: [2000, 2300],
  'Type 2': [2000, 2200],
};
const TYPE_APPROVAL = { car: 'M1', van: 'N1', motorcycle: 'L3' };
const COLOURS = [
  ['GREY', 18],
  ['BLACK', 17],
  ['WHITE', 16],
  ['SILVER', 13],
  ['BLUE', 14],
  ['RED', 10],
  ['GREEN', 3],
  ['ORANGE', 2],
  ['BEIGE', 1],
  ['BROWN', 1],
  ['MAROON', 1],
  ['YELLOW', 1],
  ['BRONZE', 1],
  ['PURPLE', 1],
  ['GOLD', 1],
];

function fuelWeight(fuel, year, kind) {
  if (fuel === 'PETROL') return kind === 'van' ? 4 : 60;
  if (fuel === 'DIESEL') return kind === 'van' ? 90 : year < 1995 ? 10 : year < 2005 ? 30 : year < 2018 ? 50 : year < 2021 ? 25 : 12;
  if (fuel === 'HYBRID ELECTRIC') return year < 2010 ? 8 : year < 2019 ? 15 : 35;
  return kind === 'van' ? 8 : year < 2016 ? 6 : year < 2020 ? 15 : 40;
}

// Like the real register, euro status is blank before 2006 and for over half the vehicles since.
function euroStatus(r, first, fuel, kind) {
  if (fuel === 'ELECTRICITY' || kind === 'motorcycle' || Y(first) < 2006 || !r.chance(0.45)) return null;
  const euro6From = kind === 'van' ? 201609 : 201509;
  return yyyymm(first) >= euro6From ? 'EURO 6' : Y(first) >= 2011 ? 'EURO 5' : 'EURO 4';
}

function co2For(r, first, fuel, cc, kind) {
  if (fuel === 'ELECTRICITY') return 0;
  if (iso(first) < '2001-03-01') return null; // the register holds CO2 only from March 2001
  // A bi-fuel car's type-approval figure is much like the petrol engine it was built with.
  const base = { PETROL: 70 + cc * 0.045, 'GAS BI-FUEL': 70 + cc * 0.045, DIESEL: 60 + cc * 0.04, 'HYBRID ELECTRIC': 40 + cc * 0.025 }[
    fuel
  ];
  const age = Math.min(1.25, Math.max(0.85, 1 + 0.012 * (2020 - Y(first)))); // engines got cleaner
  return Math.round(base * age * (kind === 'van' ? 1.45 : 1) * r.uniform(0.93, 1.07));
}

// ---------------------------------------------------------------- MOT history

const ADVISORY = [
  'Nearside Front Tyre worn close to legal limit/worn on edge (5.2.3 (e))',
  'Offside Rear Tyre worn close to legal limit/worn on edge (5.2.3 (e))',
  'Offside Rear Brake disc worn, pitted or scored, but not seriously weakened (1.1.14 (a) (ii))',
  'Nearside Front Brake pad(s) wearing thin (1.1.13 (a) (ii))',
  'Oil leak, but not excessive (8.4.1 (a) (i))',
  'Nearside Front Anti-roll bar linkage ball joint dust cover deteriorated (5.3.4 (a) (ii))',
  'Offside Sill corroded but not seriously weakened (6.1.1 (b))',
  'Front Brake pipe slightly corroded (1.1.11 (c))',
  'Exhaust has a minor leak of exhaust gases (8.2.1.2 (a))',
  'Nearside Rear Tyre slightly damaged/cracking or perishing (5.2.3 (d) (ii))',
];
const MINOR = [
  'Nearside Registration plate lamp inoperative in the case of multiple lamps or light sources (4.7.1 (b) (i))',
  'Windscreen washer provides insufficient washer liquid (3.6 (b))',
  'Offside Front Position lamp partly inoperative (4.2.1 (a) (i))',
];
const MAJOR = [
  'Nearside Front Tyre tread depth below requirements of 1.6mm (5.2.3 (e))',
  'Offside Front Coil spring fractured or seriously weakened (5.3.1 (b) (i))',
  'Nearside Headlamp aim too high (4.1.2 (a))',
  'Offside Rear Brake pipe corroded, covered in grease or other material (1.1.11 (c))',
  "Windscreen damage in zone 'A' larger than a 10mm circle (3.2 (a) (i))",
  'Nearside Rear Stop lamp(s) not working (4.3.1 (a) (ii))',
  'Offside Front Lower Suspension arm ball joint has excessive play (5.3.4 (a) (i))',
  'Exhaust emissions Lambda reading after 2nd fast idle outside specified limits (8.2.1.2 (d))',
];
const DANGEROUS = [
  'Offside Front Tyre has ply or cords exposed (5.2.3 (d) (ii))',
  'Nearside Front Brake disc seriously weakened (1.1.14 (a) (i))',
  'Nearside Rear Brake pipe excessively corroded (1.1.11 (c))',
];
const PRS = ['Offside Headlamp not working on dipped beam (4.1.1 (a) (ii))', 'Nearside Front Position lamp not working (4.2.1 (a) (ii))'];

function defects(r, date, failed, dangerous) {
  const modern = iso(date) >= DEFECT_CATEGORIES_FROM;
  // Before May 2018 defects were FAIL/ADVISORY/PRS and carried no manual reference.
  const item = (text, type) => ({ text: modern ? text : text.replace(/ \(\d.*\)$/, ''), type, dangerous: type === 'DANGEROUS' });
  const out = [];
  const isDangerous = dangerous && modern; // DANGEROUS exists only since May 2018
  if (isDangerous) out.push(item(r.pick(DANGEROUS), 'DANGEROUS'));
  if (failed) for (const text of r.sample(MAJOR, r.int(isDangerous ? 0 : 1, 2))) out.push(item(text, modern ? 'MAJOR' : 'FAIL'));
  if (modern && r.chance(0.15)) out.push(item(r.pick(MINOR), 'MINOR'));
  if (!failed && r.chance(0.05)) out.push(item(r.pick(PRS), 'PRS'));
  if (r.chance(0.5)) for (const text of r.sample(ADVISORY, r.int(1, 3))) out.push(item(text, 'ADVISORY'));
  return out;
}

/**
 * Annual tests from the third anniversary: usually in the month before the expiry, which keeps the
 * anniversary; a late test restarts the year from the test date. o: mileage (a year), unit,
 * clean, failLast, stopAfter, noTests, clockAt.
 */
function motHistory(r, first, asOf, o, numbers) {
  const tests = [];
  if (o.noTests) return tests;
  const end = o.stopAfter && o.stopAfter < asOf ? o.stopAfter : asOf;
  let due = addYears(first, 3);
  let miles = 0;
  let at = first;
  const readAt = (date) => {
    miles += Math.round(o.mileage * ((date - at) / DAY / 365.25) * (o.clean ? r.uniform(0.95, 1.05) : r.uniform(0.75, 1.25)));
    at = date;
    return o.unit === 'KM' ? Math.round(miles * 1.609344) : miles;
  };
  const push = (date, result, expiry, odometer, defectList) => {
    if (iso(date) < MOT_RECORDS_START) return;
    let number;
    do number = String(r.int(100_000_000_000, 999_999_999_999));
    while (numbers.has(number));
    numbers.add(number);
    const time = `${String(r.int(8, 17)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}`;
    tests.push({
      mot_test_number: number,
      vrm: o.vrm,
      completed_date: `${iso(date)}T${time}.000Z`,
      test_result: result,
      expiry_date: expiry && iso(expiry),
      odometer_value: odometer,
      odometer_unit: o.unit,
      odometer_result_type: 'READ',
      defects: JSON.stringify(defectList),
    });
  };
  const expiryAfter = (date) => (date > due ? addDays(addYears(date, 1), -1) : addYears(due, 1));
  const failRate = o.clean ? 0 : Y(first) < 2005 ? 0.2 : 0.1;
  for (;;) {
    if (o.failLast && due < asOf && addYears(due, 1) >= asOf) {
      // Tested after the old certificate ran out, failed dangerously, never retested.
      const date = minDate(addDays(due, r.int(1, 25)), asOf);
      push(date, 'FAILED', null, readAt(date), defects(r, date, true, true));
      break;
    }
    let date = addDays(due, -r.int(0, 27));
    if (tests.length && !o.clean && !o.failLast && r.chance(0.05)) {
      const late = addDays(due, r.int(1, 45));
      if (late <= end) date = late; // never leave an on-road vehicle uncovered at asOf
    }
    if (date > end) break;
    let odometer = readAt(date);
    if (r.chance(failRate) && addDays(date, 10) <= end) {
      push(date, 'FAILED', null, odometer, defects(r, date, true, r.chance(0.04)));
      date = addDays(date, r.int(1, 10));
      odometer = readAt(date);
    }
    const expiry = expiryAfter(date);
    push(date, 'PASSED', expiry, odometer, o.clean ? [] : defects(r, date, false, false));
    due = expiry;
  }
  if (o.clockAt && tests.length >= 2) {
    // Wound back once: the reading drops by ~21,000 below the previous one and carries on from there.
    const k = Math.min(o.clockAt, tests.length - 1);
    const drop = tests[k].odometer_value - (tests[k - 1].odometer_value - 21_000);
    for (const t of tests.slice(k)) t.odometer_value -= drop;
  }
  return tests;
}

// ---------------------------------------------------------------- vehicles

function pickEntry(r, kind, year) {
  const era = (e) => e.classic === year < 1990 && e.from <= year && year <= e.to;
  const options = CATALOGUE.filter((e) => e.kind === kind && era(e));
  return options.length ? r.pick(options) : r.pick(CATALOGUE.filter((e) => e.kind === 'car' && era(e)));
}

/** spec: vrm, first (Date), plus optional fixed facts; anything absent is drawn from the vehicle's own stream. */
function buildVehicle(spec, asOf, numbers) {
  const r = tools(mulberry32(hash(`${SEED}:${spec.vrm}`)));
  const first = spec.first;
  const year = Y(first);
  const entry = spec.entry ?? pickEntry(r, spec.kind ?? 'car', year);
  const kind = entry.kind;
  const engines = entry.engines.filter((e) => e.since <= year && year <= e.until);
  const engine = spec.fuel
    ? entry.engines.find((e) => e.fuel === spec.fuel)
    : r.weighted(engines.map((e) => [e, fuelWeight(e.fuel, year, kind)]));
  const fuel = engine.fuel;
  const cc = fuel === 'ELECTRICITY' ? null : (spec.cc ?? r.pick(engine.ccs));
  const age = (asOf - first) / DAY / 365.25;

  const pAuto =
    kind !== 'car'
      ? kind === 'van'
        ? 0.1
        : 0
      : fuel === 'ELECTRICITY' || fuel === 'HYBRID ELECTRIC'
        ? 1
        : entry.classic
          ? 0.05
          : (entry.auto ? 0.55 : 0.12) + (year >= 2015 ? 0.2 : 0);
  const modernFuel = entry.engines.length > 1 ? { ELECTRICITY: 1.35, 'HYBRID ELECTRIC': 1.1, DIESEL: 1.05, PETROL: 1 }[fuel] : 1;
  const price = entry.classic
    ? Math.round((entry.price * r.uniform(0.75, 1.25)) / 50) * 50
    : Math.round((entry.price * modernFuel * Math.min(1.05, Math.max(0.4, 1 - 0.022 * (2024 - year))) * r.uniform(0.9, 1.12)) / 5) * 5;

  // Tax and MOT standing. Over-40s are exempt from the MOT (rolling since May 2018); pre-1963
  // dateless classics here were never tested digitally.
  const exempt = addYears(first, 40) <= asOf;
  let tax = spec.tax;
  let stopAfter = spec.stopAfter ?? null;
  let noTests = spec.noTests ?? false;
  if (!tax) {
    if (age < 4) tax = 'Taxed';
    else if (exempt) {
      tax = r.chance(0.8) ? 'Taxed' : 'SORN';
      noTests = year < 1963;
      if (r.chance(0.5)) stopAfter = maxDate(parse('2018-05-20'), addYears(first, 40));
    } else {
      tax = r.weighted([
        ['Taxed', 88],
        ['SORN', 7],
        ['Untaxed', 5],
      ]);
      // Off the road for a while: the MOT usually lapsed too.
      if (tax !== 'Taxed' && r.chance(0.75)) stopAfter = maxDate(addYears(first, 4), addDays(asOf, -r.int(60, 2500)));
    }
  }
  const mileage =
    spec.mileage ??
    (year < 1990
      ? r.int(1000, 4000)
      : kind === 'van'
        ? r.int(10_000, 25_000)
        : kind === 'motorcycle'
          ? r.int(1500, 5000)
          : r.int(3000, 15_000));
  const unit = spec.unit ?? (year >= 1995 && r.chance(0.015) ? 'KM' : 'MI');
  const tests = motHistory(
    r,
    first,
    asOf,
    { vrm: spec.vrm, mileage, unit, noTests, stopAfter, clean: spec.clean, failLast: spec.failLast, clockAt: spec.clockAt },
    numbers,
  );

  const lastPass = tests.filter((t) => t.test_result === 'PASSED').pop();
  const motStatus =
    tests.length === 0
      ? exempt
        ? 'No results returned'
        : 'No details held by DVLA'
      : lastPass && lastPass.expiry_date >= iso(asOf)
        ? 'Valid'
        : 'Not valid';
  if (tax === 'Taxed' && motStatus === 'Not valid' && !exempt) tax = 'Untaxed'; // no tax without an MOT
  const lapsedOn = lastPass ? parse(lastPass.expiry_date) : addDays(asOf, -r.int(30, 900));
  const taxDue =
    tax === 'Taxed'
      ? firstOfMonth(asOf, r.int(1, 12))
      : tax === 'Untaxed'
        ? minDate(firstOfMonth(minDate(lapsedOn, asOf), 1), firstOfMonth(asOf))
        : null;
  const [wMin, wMax] = VAN_WEIGHTS[entry.model] ?? [0, 0];
  const v5cFrom = maxDate(first, parse('2005-01-01'));
  const v5c = v5cFrom >= asOf ? first : addDays(v5cFrom, Math.floor(r.rng() * ((asOf - v5cFrom) / DAY)));

  /** @type {VehicleRow} */
  const vehicle = {
    vrm: spec.vrm,
    make: entry.make,
    model: entry.model,
    body: spec.body ?? entry.body,
    transmission: spec.transmission ?? (r.chance(pAuto) ? 'Automatic' : 'Manual'),
    colour: spec.colour ?? (kind === 'van' && r.chance(0.7) ? 'WHITE' : r.weighted(COLOURS)),
    fuel_type: fuel,
    vehicle_type: kind,
    type_approval: year < 1970 ? null : TYPE_APPROVAL[kind],
    wheelplan: kind === 'motorcycle' ? '2 WHEEL' : '2 AXLE RIGID BODY',
    revenue_weight: kind === 'van' ? (spec.revenueWeight ?? Math.round(r.int(wMin, wMax) / 10) * 10) : null,
    year_of_manufacture: spec.manufactured ?? (M(first) <= 3 && r.chance(0.3) ? year - 1 : year),
    month_of_first_registration: iso(first).slice(0, 7),
    engine_capacity: cc,
    co2_emissions: co2For(r, first, fuel, cc, kind),
    euro_status: spec.euro !== undefined ? spec.euro : euroStatus(r, first, fuel, kind),
    tax_status: tax,
    tax_due_date: taxDue && iso(taxDue),
    mot_status: motStatus,
    mot_expiry_date: lastPass ? lastPass.expiry_date : null,
    marked_for_export: spec.note ? 0 : r.chance(0.01) ? 1 : 0,
    date_of_last_v5c_issued: iso(v5c),
    first_used_date: iso(first),
    has_outstanding_recall:
      spec.recall ??
      (year < 1990
        ? 'Unknown'
        : r.weighted([
            ['No', 80],
            ['Yes', 7],
            ['Unknown', 13],
          ])),
    list_price: spec.price ?? price,
    sandbox_note: spec.note ?? null,
  };
  return { vehicle, tests };
}

function model(make, name, year = 2020) {
  const entry = CATALOGUE.find((e) => e.make === make && e.model === name && e.from <= year && year <= e.to);
  if (!entry) throw new Error(`no ${make} ${name} in ${year}`);
  return entry;
}
const custom = (make, name, body, fuel, cc) => ({
  make,
  model: name,
  body,
  kind: 'car',
  classic: false,
  price: 0,
  engines: [{ fuel, ccs: [cc], since: 0, until: 9999 }],
});

/** A 2019 Fiesta like KE19FTA, for the collection-day outcomes (the car is the same; the inspection differs). */
function collectionDayFiesta(vrm, first, colour, note) {
  return {
    vrm,
    first,
    entry: model('FORD', 'Fiesta'),
    body: 'Hatchback',
    transmission: 'Manual',
    colour,
    fuel: 'PETROL',
    cc: 998,
    price: 16_500,
    euro: 'EURO 6',
    mileage: 8000,
    clean: true,
    tax: 'Taxed',
    recall: 'No',
    note,
  };
}

/** The named sandbox registrations, in the order docs/sandbox.md lists them. */
function namedSpecs(asOf) {
  const period = platePeriodStart(asOf);
  const on = (s) => parse(s);
  return [
    {
      vrm: 'KE19FTA',
      first: on('2019-03-14'),
      entry: model('FORD', 'Fiesta'),
      body: 'Hatchback',
      transmission: 'Manual',
      colour: 'BLUE',
      fuel: 'PETROL',
      cc: 998,
      price: 16_500,
      euro: 'EURO 6',
      mileage: 8000,
      clean: true,
      tax: 'Taxed',
      recall: 'No',
      note: 'Happy path: a petrol hatchback with a clean MOT history.',
    },
    {
      vrm: 'KD15DSL',
      first: on('2015-04-09'),
      entry: model('VOLKSWAGEN', 'Golf'),
      fuel: 'DIESEL',
      cc: 1968,
      transmission: 'Manual',
      colour: 'GREY',
      price: 23_500,
      euro: 'EURO 5',
      mileage: 11_000,
      tax: 'Taxed',
      recall: 'No',
      note: 'A Euro 5 diesel: not ULEZ-compliant, so London ULEZ charges apply.',
    },
    {
      vrm: 'KH68HYB',
      first: on('2018-09-03'),
      entry: model('TOYOTA', 'Prius'),
      fuel: 'HYBRID ELECTRIC',
      cc: 1798,
      transmission: 'Automatic',
      colour: 'WHITE',
      price: 25_500,
      euro: 'EURO 6',
      mileage: 12_000,
      tax: 'Taxed',
      recall: 'No',
      note: 'A petrol-electric hybrid (68 = September 2018).',
    },
    {
      vrm: 'KT70EVS',
      first: on('2020-09-18'),
      entry: model('TESLA', 'Model 3'),
      fuel: 'ELECTRICITY',
      transmission: 'Automatic',
      colour: 'WHITE',
      price: 40_500,
      euro: null,
      mileage: 9000,
      tax: 'Taxed',
      recall: 'No',
      note: 'An electric car: no engine size and zero CO2 (70 = September 2020).',
    },
    {
      vrm: 'KV21VAN',
      first: on('2021-03-02'),
      entry: model('FORD', 'Transit Custom'),
      fuel: 'DIESEL',
      cc: 1995,
      transmission: 'Manual',
      colour: 'WHITE',
      price: 32_000,
      euro: 'EURO 6',
      revenueWeight: 3000,
      mileage: 20_000,
      tax: 'Taxed',
      recall: 'No',
      note: 'A Euro 6 diesel van (N1, 3,000 kg) with high annual mileage.',
    },
    {
      vrm: 'KM17MCY',
      first: on('2017-03-24'),
      entry: model('HONDA', 'CB500F'),
      fuel: 'PETROL',
      cc: 471,
      transmission: 'Manual',
      colour: 'RED',
      price: 5_700,
      euro: 'EURO 4',
      mileage: 3000,
      tax: 'Taxed',
      recall: 'No',
      note: 'A motorcycle (L3): neither a car nor a van.',
    },
    {
      vrm: 'KG08LPG',
      first: on('2008-06-13'),
      entry: custom('VAUXHALL', 'Zafira', 'MPV', 'GAS BI-FUEL', 1598),
      euro: null,
      transmission: 'Manual',
      colour: 'BLUE',
      price: 17_500,
      mileage: 8000,
      tax: 'Taxed',
      recall: 'No',
      note: 'Converted to run on petrol and LPG (gas bi-fuel): a fuel the ULEZ standard does not cover.',
    },
    {
      vrm: `KN${ageIdentifier(period)}NEW`,
      first: period,
      entry: model('KIA', 'Sportage'),
      fuel: 'HYBRID ELECTRIC',
      cc: 1598,
      transmission: 'Automatic',
      colour: 'GREY',
      price: 36_500,
      euro: 'EURO 6',
      tax: 'Taxed',
      recall: 'No',
      note: 'Brand new: no MOT yet; mileage rules use miles since the start of the year.',
    },
    {
      vrm: 'KC16CLK',
      first: on('2016-03-11'),
      entry: model('VAUXHALL', 'Astra'),
      fuel: 'PETROL',
      cc: 1398,
      transmission: 'Manual',
      colour: 'SILVER',
      price: 19_000,
      mileage: 13_000,
      clean: true,
      clockAt: 3,
      tax: 'Taxed',
      recall: 'No',
      note: 'Clocked: the MOT odometer reading goes down once (about 21,000 miles lost).',
    },
    {
      vrm: 'KF14FAL',
      first: on('2014-03-20'),
      entry: model('RENAULT', 'Clio'),
      fuel: 'PETROL',
      cc: 898,
      transmission: 'Manual',
      colour: 'RED',
      price: 14_500,
      mileage: 9000,
      failLast: true,
      tax: 'Untaxed',
      recall: 'No',
      note: 'Latest MOT failed with a dangerous defect and no retest: MOT not valid.',
    },
    {
      vrm: 'KK18KMS',
      first: on('2018-03-07'),
      entry: model('BMW', '3 Series'),
      fuel: 'DIESEL',
      cc: 1995,
      transmission: 'Automatic',
      colour: 'BLACK',
      price: 34_000,
      manufactured: 2017,
      unit: 'KM',
      mileage: 10_000,
      tax: 'Taxed',
      recall: 'Unknown',
      note: 'An import whose MOT odometer readings are in kilometres.',
    },
    {
      vrm: 'R123OLD',
      first: on('1997-09-05'),
      entry: custom('MERCEDES-BENZ', 'E Class', 'Saloon', 'DIESEL', 2874),
      transmission: 'Automatic',
      colour: 'SILVER',
      price: 31_000,
      mileage: Math.ceil(300_000 / ((asOf - on('1997-09-05')) / DAY / 365.25)),
      clean: true,
      tax: 'Taxed',
      recall: 'Unknown',
      note: "Prefix plate (R = August 1997 to July 1998): an old car with over 280,000 miles, outside the marketplace's limits.",
    },
    {
      vrm: 'A123BCD',
      first: on('1983-09-16'),
      entry: model('FORD', 'Escort', 1983),
      fuel: 'PETROL',
      cc: 1598,
      body: 'Hatchback',
      transmission: 'Manual',
      colour: 'RED',
      price: 9_500,
      mileage: 3000,
      tax: 'Taxed',
      note: 'Prefix plate (A = August 1983 to July 1984).',
    },
    {
      vrm: 'ABC123D',
      first: on('1966-05-12'),
      entry: model('FORD', 'Cortina', 1966),
      fuel: 'PETROL',
      cc: 1498,
      transmission: 'Manual',
      colour: 'WHITE',
      price: 14_000,
      mileage: 1500,
      stopAfter: parse('2018-05-20'),
      tax: 'Taxed',
      note: 'Suffix plate (D = 1966): a classic, MOT-exempt since 2018.',
    },
    {
      vrm: '1234AB',
      first: on('1959-06-01'),
      entry: model('JAGUAR', 'XK150', 1959),
      fuel: 'PETROL',
      cc: 3442,
      transmission: 'Manual',
      colour: 'GREEN',
      price: 85_000,
      noTests: true,
      tax: 'Taxed',
      note: 'Dateless plate (digits then letters): a 1959 classic, MOT-exempt with no MOT records.',
    },
    {
      vrm: '123ABC',
      first: on('1957-03-15'),
      entry: model('MORRIS', 'Minor', 1957),
      fuel: 'PETROL',
      cc: 948,
      transmission: 'Manual',
      colour: 'BLUE',
      price: 7_500,
      noTests: true,
      tax: 'Taxed',
      note: 'Dateless plate (digits then letters): a 1957 classic, MOT-exempt with no MOT records.',
    },
    {
      vrm: 'AB1234',
      first: on('1960-07-22'),
      entry: model('AUSTIN-HEALEY', '3000', 1960),
      fuel: 'PETROL',
      cc: 2912,
      transmission: 'Manual',
      colour: 'RED',
      price: 62_000,
      noTests: true,
      tax: 'SORN',
      note: 'Dateless plate (letters then digits): a 1960 classic, MOT-exempt and declared off the road.',
    },
    {
      vrm: 'ABC123',
      first: on('1958-05-02'),
      entry: model('MG', 'MGA', 1958),
      fuel: 'PETROL',
      cc: 1489,
      transmission: 'Manual',
      colour: 'WHITE',
      price: 29_000,
      noTests: true,
      tax: 'Taxed',
      note: 'Dateless plate (letters then digits): a 1958 classic, MOT-exempt with no MOT records.',
    },
    {
      vrm: 'ABZ1234',
      first: on('2016-06-10'),
      entry: model('SKODA', 'Octavia'),
      fuel: 'DIESEL',
      cc: 1598,
      transmission: 'Manual',
      colour: 'SILVER',
      price: 21_500,
      mileage: 10_000,
      tax: 'Taxed',
      recall: 'No',
      note: 'Northern Ireland plate (a Z in the letters, no age identifier).',
    },
    {
      vrm: 'KU20OFR',
      first: on('2020-03-06'),
      entry: model('VOLKSWAGEN', 'Polo'),
      fuel: 'PETROL',
      cc: 999,
      transmission: 'Manual',
      colour: 'RED',
      price: 19_000,
      euro: 'EURO 6',
      mileage: 7000,
      clean: true,
      tax: 'Taxed',
      recall: 'No',
      note: 'In the dealer sale and under offer: the lookup skips the mileage step and goes to accepting the offer.',
    },
    {
      vrm: 'KW19SLD',
      first: on('2019-04-12'),
      entry: model('NISSAN', 'Qashqai'),
      fuel: 'PETROL',
      cc: 1332,
      transmission: 'Manual',
      colour: 'GREY',
      price: 26_000,
      euro: 'EURO 6',
      mileage: 9000,
      clean: true,
      tax: 'Taxed',
      recall: 'No',
      note: 'Sold, waiting for the seller to confirm: the lookup goes to confirming the sale.',
    },
    {
      vrm: 'KR18DOC',
      first: on('2018-03-23'),
      entry: model('AUDI', 'A3'),
      fuel: 'DIESEL',
      cc: 1968,
      transmission: 'Automatic',
      colour: 'BLACK',
      price: 28_500,
      euro: 'EURO 6',
      mileage: 10_000,
      clean: true,
      tax: 'Taxed',
      recall: 'No',
      note: 'Sold with documents reviewed: the lookup goes to the review status.',
    },
    {
      vrm: 'KP17PRF',
      first: on('2017-03-30'),
      entry: model('HYUNDAI', 'Tucson'),
      fuel: 'DIESEL',
      cc: 1685,
      transmission: 'Manual',
      colour: 'BLUE',
      price: 27_000,
      euro: 'EURO 6',
      mileage: 9500,
      clean: true,
      tax: 'Taxed',
      recall: 'No',
      note: 'Its vehicle profile is being built: the lookup goes to the profile timeline.',
    },
    {
      vrm: 'KA16ACT',
      first: on('2016-03-18'),
      entry: model('SKODA', 'Fabia'),
      fuel: 'PETROL',
      cc: 1197,
      transmission: 'Manual',
      colour: 'WHITE',
      price: 15_500,
      euro: 'EURO 6',
      mileage: 8000,
      clean: true,
      tax: 'Taxed',
      recall: 'No',
      note: "In today's dealer sale: the lookup goes straight to the vehicle page.",
    },
    {
      vrm: 'KS12SRN',
      first: on('2012-04-27'),
      entry: model('VAUXHALL', 'Corsa'),
      fuel: 'PETROL',
      cc: 1229,
      transmission: 'Manual',
      colour: 'BLACK',
      price: 12_500,
      mileage: 7000,
      tax: 'SORN',
      stopAfter: addDays(asOf, -500),
      recall: 'No',
      note: 'Declared off the road (SORN): untaxed and its MOT has lapsed.',
    },
    // Anniversary on the first of next month: its MOT always runs out within the month to come.
    {
      vrm: 'DUZ1',
      first: ymd(Y(asOf) - 5, M(asOf) + 1, 1),
      entry: model('TOYOTA', 'Yaris'),
      fuel: 'PETROL',
      cc: 998,
      transmission: 'Manual',
      colour: 'WHITE',
      price: 15_500,
      euro: 'EURO 6',
      mileage: 6000,
      clean: true,
      tax: 'Taxed',
      recall: 'No',
      note: 'A Northern Ireland number (a popular cherished plate) on a five-year-old car whose MOT runs out on the first of next month: MOT reminders are due.',
    },
    // The car tax check's outcomes that the vehicles above do not cover.
    {
      vrm: 'KU16TAX',
      first: on('2016-05-12'),
      entry: model('FORD', 'Focus'),
      fuel: 'PETROL',
      cc: 999,
      transmission: 'Manual',
      colour: 'GREY',
      price: 17_500,
      mileage: 8000,
      clean: true,
      tax: 'Untaxed',
      recall: 'No',
      note: 'Untaxed but not SORN: its tax ran out on the first of this month, though its MOT is valid.',
    },
    {
      vrm: 'KL21LUX',
      first: on('2021-06-18'),
      entry: model('LAND ROVER', 'Range Rover Evoque', 2021),
      fuel: 'PETROL',
      cc: 1997,
      transmission: 'Automatic',
      colour: 'BLACK',
      price: 47_000,
      euro: 'EURO 6',
      mileage: 9000,
      clean: true,
      tax: 'Taxed',
      recall: 'No',
      note: 'Registered June 2021: the expensive car supplement applies until June 2027 if its list price was over £40,000.',
    },
    // Only once it exists: the register never holds a car registered after its own date.
    ...(iso(asOf) >= '2025-06-01'
      ? [
          {
            vrm: 'KE25ZEV',
            first: on('2025-05-16'),
            entry: model('TESLA', 'Model Y', 2025),
            fuel: 'ELECTRICITY',
            transmission: 'Automatic',
            colour: 'WHITE',
            price: 52_000,
            euro: null,
            tax: 'Taxed',
            recall: 'No',
            note: 'An electric car registered after 1 April 2025: its first tax was £10, then the standard rate, and the supplement over a £50,000 list price.',
          },
        ]
      : []),
    // ER19 marks a failure in docs/sandbox.md; this one is in the register, but the car value
    // tracker's pricing provider cannot price it (platform/src/tracker/trackers.ts PRICING_FAILURE_VRM).
    {
      vrm: 'ER19PRC',
      first: on('2019-05-17'),
      entry: model('PEUGEOT', '208'),
      fuel: 'PETROL',
      cc: 1199,
      transmission: 'Manual',
      colour: 'BLUE',
      price: 17_500,
      euro: 'EURO 6',
      mileage: 8000,
      clean: true,
      tax: 'Taxed',
      recall: 'No',
      note: 'The car value tracker cannot price it: adding it gives vehicle_pricing_failed.',
    },
    // Collection day (docs/sandbox.md#collection-day): what the dealer's inspector finds at the handover.
    collectionDayFiesta(
      'KE19DNT',
      on('2019-05-20'),
      'RED',
      'Collection day: the inspector finds dents the profile did not show, so the dealer proposes a revised offer.',
    ),
    collectionDayFiesta(
      'KE19WLT',
      on('2019-06-11'),
      'GREY',
      'Collection day: the dealer charges for a warning light; declared in the profile, the rules refuse it.',
    ),
    collectionDayFiesta(
      'KE19CAP',
      on('2019-07-02'),
      'WHITE',
      'Collection day: damage worth more than the cap, so the dealer can only cancel and the car stays with the seller.',
    ),
  ];
}

// The random fleet's age mix (320 vehicles with THIS_YEAR), weighted to 3–15 years like Great
// Britain's: [count, min age, max age].
const AGE_BANDS = [
  [40, 0, 3],
  [90, 3, 8],
  [105, 8, 15],
  [45, 15, 25],
  [17, 25, 40],
  [18, 40, 68],
];
const THIS_YEAR = 5; // plus this many first registered since 1 January

/** @returns {Date} */
function defaultAsOf() {
  return firstOfMonth(new Date());
}

/**
 * @param {{ asOf?: string }} [options] asOf: YYYY-MM-DD; default the first day of the current UTC month
 * @returns {RegisterData}
 */
export function generateRegister({ asOf } = {}) {
  if (asOf !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(asOf)) throw new Error(`asOf must be YYYY-MM-DD, got ${asOf}`);
  const today = asOf ? parse(asOf) : defaultAsOf();
  if (Number.isNaN(today.getTime())) throw new Error(`asOf is not a date: ${asOf}`);
  if (iso(today) < '2022-01-01') throw new Error('asOf must be 2022-01-01 or later: the named sandbox vehicles date from 2021');
  const numbers = new Set();
  const named = namedSpecs(today);
  const taken = new Set(named.map((s) => s.vrm));

  const r = tools(mulberry32(SEED));
  const randomSpecs = [];
  const startOfYear = ymd(Y(today), 1, 1);
  const bands = [[THIS_YEAR, 0, (today - startOfYear) / DAY / 365.25], ...AGE_BANDS];
  let index = 0;
  for (const [count, minAge, maxAge] of bands) {
    for (let n = 0; n < count; n++, index++) {
      const back = Math.floor(r.uniform(minAge, maxAge) * 365.25);
      const day = addDays(today, -back);
      const first = ymd(Y(day), M(day), Math.min(day.getUTCDate(), 28)); // 28: anniversaries exist every year
      const kind = index % 11 === 4 ? 'van' : index % 37 === 9 ? 'motorcycle' : 'car';
      const ni = Y(first) >= 1990 && r.chance(0.03);
      let vrm;
      do vrm = plateFor(r, first, ni);
      while (taken.has(vrm) || isReserved(vrm));
      taken.add(vrm);
      randomSpecs.push({ vrm, first, kind });
    }
  }

  const vehicles = [];
  const motTests = [];
  for (const spec of [...named, ...randomSpecs]) {
    const { vehicle, tests } = buildVehicle(spec, today, numbers);
    vehicles.push(vehicle);
    motTests.push(...tests);
  }
  vehicles.sort((a, b) => (a.vrm < b.vrm ? -1 : 1));
  motTests.sort((a, b) => (a.vrm === b.vrm ? (a.completed_date < b.completed_date ? -1 : 1) : a.vrm < b.vrm ? -1 : 1));
  return { vehicles, motTests, sandbox: named.map((s) => ({ vrm: s.vrm, note: s.note })) };
}

const sqlValue = (v) =>
  v === null || v === undefined ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`;
function insert(table, row) {
  const columns = Object.keys(row);
  return `INSERT OR IGNORE INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => sqlValue(row[c])).join(', ')});`;
}

/**
 * One INSERT OR IGNORE per line, vehicles before the MOT tests that reference them.
 * @param {RegisterData} data
 * @returns {string}
 */
export function toSql(data) {
  return (
    [...data.vehicles.map((v) => insert('register_vehicles', v)), ...data.motTests.map((t) => insert('mot_tests', t))].join('\n') + '\n'
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const flag = process.argv.indexOf('--as-of');
  // Without --as-of, the month of the run's clock (KERBSIDE_NOW, else today): run-clock.mjs.
  const asOf = (flag >= 0 ? process.argv[flag + 1] : process.argv.find((a) => a.startsWith('--as-of='))?.slice(8)) ?? runClock().asOf;
  const data = generateRegister({ asOf });
  const outDir = fileURLToPath(new URL('./out/', import.meta.url));
  mkdirSync(outDir, { recursive: true });
  writeFileSync(`${outDir}register.sql`, toSql(data));
  console.log(
    `platform/seed/out/register.sql: ${data.vehicles.length} vehicles, ${data.motTests.length} MOT tests, ${data.sandbox.length} sandbox registrations (as of ${asOf})`,
  );
}
