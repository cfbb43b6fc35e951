import type { ExpensiveCarSupplement, PaymentOptions, RatesInfo, VedAssessment } from '../../../contract/tax';
import { VED_RATE_TABLES, VED_RULES, type VedRateTable } from './rates';

/** What VED depends on, as the register holds it. Dates are YYYY-MM-DD. */
export interface VedVehicle {
  vehicleType: 'car' | 'van' | 'motorcycle';
  fuel: string;
  firstRegistered: string;
  yearOfManufacture: number;
  engineCapacity: number | null;
  co2Emissions: number | null;
  revenueWeight: number | null;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The same day n years on; 29 February becomes 28 February, as DVLA dates anniversaries. */
export function addYears(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const moved = new Date(Date.UTC(y + n, m - 1, d));
  return moved.getUTCMonth() === m - 1 ? isoDay(moved) : isoDay(new Date(Date.UTC(y + n, m, 0)));
}

/** The tax year (6 April is income tax; VED years run from 1 April) that a day falls in. */
export function taxYearOf(day: string): { startYear: number; label: string; from: string; to: string } {
  const year = Number(day.slice(0, 4));
  const startYear = day.slice(5) >= '04-01' ? year : year - 1;
  return {
    startYear,
    label: `${startYear}/${String((startYear + 1) % 100).padStart(2, '0')}`,
    from: `${startYear}-04-01`,
    to: `${startYear + 1}-03-31`,
  };
}

/** The newest table that has started by `today` (the oldest one if none has). */
export function tableFor(today: string, tables: readonly VedRateTable[] = VED_RATE_TABLES): VedRateTable {
  const started = tables.filter((t) => t.from <= today);
  return started.at(-1) ?? tables[0]!;
}

export function ratesInfo(table: VedRateTable, today: string): RatesInfo {
  return { taxYear: table.taxYear, from: table.from, to: table.to, todayTaxYear: taxYearOf(today).label, sources: table.sources };
}

/** Built more than 40 years before 1 January of today's tax year: the historic class (£0). */
export function historicCutoff(today: string): string {
  return `${taxYearOf(today).startYear - VED_RULES.historicYears}-01-01`;
}

export function co2Band(table: VedRateTable, co2: number, firstRegistered: string): { band: string; rates: PaymentOptions } {
  const found = table.co2Bands.find((b) => co2 <= b.co2Max) ?? table.co2Bands.at(-1)!;
  // Cars registered before 23 March 2006 never pay more than band K, however much CO2.
  if (firstRegistered < VED_RULES.bandKCapBefore && found.co2Max > 225) {
    const k = table.co2Bands.find((b) => b.band === 'K')!;
    return { band: k.band, rates: k.rates };
  }
  return { band: found.band, rates: found.rates };
}

function supplementFor(table: VedRateTable, vehicle: VedVehicle, zeroEmission: boolean, today: string): ExpensiveCarSupplement {
  const from = addYears(vehicle.firstRegistered, 1);
  const until = addYears(vehicle.firstRegistered, 6);
  // The next licence is the one that counts: the higher zero-emission threshold from April 2026.
  const nextLicence = today > from ? today : from;
  const threshold =
    zeroEmission && nextLicence >= VED_RULES.zeroEmissionThreshold.from
      ? VED_RULES.zeroEmissionThreshold.listPriceOver
      : table.from2017.supplement.listPriceOver;
  return {
    annual: table.from2017.supplement.annual,
    listPriceOver: threshold,
    from,
    until,
    state: today < from ? 'ahead' : today < until ? 'now' : 'ended',
  };
}

const engineBand = (cc: number | null) => (cc === null ? null : cc <= VED_RULES.engineSizeSplitCc ? 'up_to_1549cc' : 'over_1549cc');

function motorcycleBand(cc: number | null): Extract<VedAssessment, { kind: 'motorcycle' }>['band'] {
  if (cc === null) return 'electric';
  if (cc <= 150) return 'up_to_150cc';
  if (cc <= 400) return '151_to_400cc';
  if (cc <= 600) return '401_to_600cc';
  return 'over_600cc';
}

/**
 * How the vehicle is taxed and, where the table has confirmed figures, what it costs: the rules
 * by first registration (GOV.UK's tables) and the historic class first, since it trumps them all.
 */
export function assessVed(
  vehicle: VedVehicle,
  now: Date,
  tables: readonly VedRateTable[] = VED_RATE_TABLES,
): { assessment: VedAssessment; rates: RatesInfo } {
  const today = isoDay(now);
  const table = tableFor(today, tables);
  const rates = ratesInfo(table, today);
  const first = vehicle.firstRegistered;

  const builtBefore = historicCutoff(today);
  if (vehicle.yearOfManufacture < Number(builtBefore.slice(0, 4))) {
    return { assessment: { kind: 'historic', builtBefore }, rates: { ...rates, sources: [VED_RULES.sources.historic] } };
  }

  // Where the table has no figures for a kind of vehicle, cite only what the page does rely on.
  const citing = (...urls: string[]): RatesInfo => ({
    ...rates,
    sources: urls.map((url) => [...table.sources, ...Object.values(VED_RULES.sources)].find((s) => s.url === url)!),
  });
  const [RATE_TABLES, , ELECTRIC] = table.sources.map((s) => s.url) as [string, string, string];

  if (vehicle.vehicleType === 'motorcycle') {
    const band = motorcycleBand(vehicle.engineCapacity);
    const options = band === 'electric' ? null : (table.motorcycle?.[band] ?? null);
    return {
      assessment: { kind: 'motorcycle', band, rates: options },
      rates: options ? rates : band === 'electric' ? citing(ELECTRIC) : citing(VED_RULES.sources.motorcycleBands.url),
    };
  }

  const engineSize = (): VedAssessment => {
    const band = engineBand(vehicle.engineCapacity);
    const options = band && table.engineSize ? (band === 'up_to_1549cc' ? table.engineSize.upTo1549cc : table.engineSize.over1549cc) : null;
    return { kind: 'engine_size', engineCapacity: vehicle.engineCapacity, band, rates: options };
  };
  const byEngineSize = (): { assessment: VedAssessment; rates: RatesInfo } => {
    const assessment = engineSize();
    return { assessment, rates: assessment.kind === 'engine_size' && assessment.rates ? rates : citing(RATE_TABLES) };
  };
  if (first < VED_RULES.co2BandsFrom) return byEngineSize();

  const lightGoods = vehicle.vehicleType === 'van' && (vehicle.revenueWeight ?? 0) <= VED_RULES.lightGoodsMaxKg;
  if (lightGoods) {
    const { from, to } = VED_RULES.euro4VanWindow;
    return {
      assessment: { kind: 'light_goods', euro4Window: first >= from && first <= to, rates: table.lightGoods },
      rates: table.lightGoods ? rates : citing(RATE_TABLES, ELECTRIC),
    };
  }

  const zeroEmission = vehicle.fuel === 'ELECTRICITY' || vehicle.co2Emissions === 0;
  if (first < VED_RULES.standardRateFrom) {
    // A car without a CO2 figure is taxed by engine size, as before March 2001.
    if (vehicle.co2Emissions === null) return byEngineSize();
    const { band, rates: options } = co2Band(table, vehicle.co2Emissions, first);
    return { assessment: { kind: 'co2_band', band, co2: vehicle.co2Emissions, rates: options }, rates };
  }

  const neverPays = zeroEmission && first < VED_RULES.zeroEmissionSupplementFrom;
  const firstYear =
    first >= table.from && first <= table.to && vehicle.co2Emissions !== null
      ? (table.from2017.firstYear.find((row) => vehicle.co2Emissions! <= row.co2Max) ?? null)
      : null;
  return {
    assessment: {
      kind: 'standard_rate',
      rates: table.from2017.standard,
      zeroEmission,
      supplement: neverPays ? null : supplementFor(table, vehicle, zeroEmission, today),
      noSupplementReason: neverPays ? 'zero_emission_registered_before_april_2025' : null,
      firstPayment: firstYear
        ? { amount: firstYear.amount, nonRde2Diesel: vehicle.fuel === 'DIESEL' ? firstYear.nonRde2Diesel : null }
        : null,
    },
    // The higher threshold for newer electric cars comes from its own GOV.UK paper.
    rates: zeroEmission && !neverPays ? { ...rates, sources: [...rates.sources, VED_RULES.sources.zeroEmissionThreshold] } : rates,
  };
}
