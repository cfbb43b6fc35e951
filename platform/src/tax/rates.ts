import type { PaymentOptions, RateSource } from '../../../contract/tax';

/**
 * Vehicle Excise Duty rates: one table per tax year, each with the sources it was read from and
 * when. Next year is a new table appended to VED_RATE_TABLES, not a code change. Money in pence.
 *
 * Only figures confirmed on a GOV.UK page go in. A tax class whose amount for the year could not be
 * confirmed there is left null, and the seller is told so rather than shown a guess: for 2025/26
 * that is cars and vans registered before March 2001 (TC11), vans (TC39) and motorcycles (TC17),
 * whose figures were found only on third-party pages. The 2026/27 figures in circulation
 * (a £200 standard rate and so on) were also only on third-party pages when last checked, so
 * there is no 2026/27 table yet.
 */
export interface VedRateTable {
  taxYear: string;
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  sources: RateSource[];
  /** Cars first registered on or after 1 April 2017. */
  from2017: {
    /** The first tax payment by CO2 (g/km, inclusive upper bounds; the last is open). */
    firstYear: { co2Max: number; amount: number; nonRde2Diesel: number }[];
    /** From the second payment: one rate for petrol, diesel, alternative fuel and electric. */
    standard: PaymentOptions;
    supplement: { annual: number; listPriceOver: number };
  };
  /** Cars first registered 1 March 2001 – 31 March 2017, by CO2 band. */
  co2Bands: { band: string; co2Max: number; rates: PaymentOptions }[];
  /** Cars and light goods vehicles registered before 1 March 2001 (TC11), by engine size. */
  engineSize: { upTo1549cc: PaymentOptions; over1549cc: PaymentOptions } | null;
  /** Light goods vehicles registered from 1 March 2001 (TC39). */
  lightGoods: PaymentOptions | null;
  /** Motorcycles (TC17). */
  motorcycle: Record<'up_to_150cc' | '151_to_400cc' | '401_to_600cc' | 'over_600cc', PaymentOptions> | null;
}

const CHECKED = '2026-11-23';

const pay = (
  twelveMonths: number,
  twelveMonthsDirectDebit: number,
  monthlyDirectDebitTotal: number,
  sixMonths: number | null,
  sixMonthsDirectDebit: number | null,
): PaymentOptions => ({ twelveMonths, twelveMonthsDirectDebit, monthlyDirectDebitTotal, sixMonths, sixMonthsDirectDebit });

/**
 * 2025/26 (from 1 April 2025). GOV.UK "Vehicle tax rates", 2025/26 version, read from copies of
 * gov.uk/vehicle-tax-rate-tables and its print view (e.g. totalwrapture.com/vehicle-tax-rate-tables/
 * rates-for-cars-registered-on-or-after-1-march-2001 for the A–M table, whose heading since April
 * 2025 covers petrol, diesel, alternative fuel and zero-emission cars alike).
 */
export const VED_2025_26: VedRateTable = {
  taxYear: '2025/26',
  from: '2025-04-01',
  to: '2026-03-31',
  sources: [
    {
      title: 'GOV.UK: Vehicle tax rates (cars registered on or after 1 April 2017)',
      url: 'https://www.gov.uk/vehicle-tax-rate-tables',
      checked: CHECKED,
    },
    {
      title: 'GOV.UK: Vehicle tax rates (cars registered on or after 1 March 2001)',
      url: 'https://www.gov.uk/vehicle-tax-rate-tables/rates-for-cars-registered-on-or-after-1-march-2001',
      checked: CHECKED,
    },
    {
      title: 'GOV.UK: Vehicle tax for electric and low emission vehicles (changes of 1 April 2025)',
      url: 'https://www.gov.uk/guidance/vehicle-tax-for-electric-and-low-emissions-vehicles',
      checked: CHECKED,
    },
  ],
  from2017: {
    firstYear: [
      { co2Max: 0, amount: 1_000, nonRde2Diesel: 1_000 },
      { co2Max: 50, amount: 11_000, nonRde2Diesel: 13_000 },
      { co2Max: 75, amount: 13_000, nonRde2Diesel: 27_000 },
      { co2Max: 90, amount: 27_000, nonRde2Diesel: 35_000 },
      { co2Max: 100, amount: 35_000, nonRde2Diesel: 39_000 },
      { co2Max: 110, amount: 39_000, nonRde2Diesel: 44_000 },
      { co2Max: 130, amount: 44_000, nonRde2Diesel: 54_000 },
      { co2Max: 150, amount: 54_000, nonRde2Diesel: 136_000 },
      { co2Max: 170, amount: 136_000, nonRde2Diesel: 219_000 },
      { co2Max: 190, amount: 219_000, nonRde2Diesel: 330_000 },
      { co2Max: 225, amount: 330_000, nonRde2Diesel: 468_000 },
      { co2Max: 255, amount: 468_000, nonRde2Diesel: 549_000 },
      { co2Max: Number.POSITIVE_INFINITY, amount: 549_000, nonRde2Diesel: 549_000 },
    ],
    standard: pay(19_500, 19_500, 20_475, 10_725, 10_238),
    supplement: { annual: 42_500, listPriceOver: 40_000 },
  },
  co2Bands: [
    { band: 'A', co2Max: 100, rates: pay(2_000, 2_000, 2_100, null, null) },
    { band: 'B', co2Max: 110, rates: pay(2_000, 2_000, 2_100, null, null) },
    { band: 'C', co2Max: 120, rates: pay(3_500, 3_500, 3_675, null, null) },
    { band: 'D', co2Max: 130, rates: pay(16_500, 16_500, 17_325, 9_075, 8_663) },
    { band: 'E', co2Max: 140, rates: pay(19_500, 19_500, 20_475, 10_725, 10_238) },
    { band: 'F', co2Max: 150, rates: pay(21_500, 21_500, 22_575, 11_825, 11_288) },
    { band: 'G', co2Max: 165, rates: pay(26_500, 26_500, 27_825, 14_575, 13_913) },
    { band: 'H', co2Max: 175, rates: pay(31_500, 31_500, 33_075, 17_325, 16_538) },
    { band: 'I', co2Max: 185, rates: pay(34_500, 34_500, 36_225, 18_975, 18_113) },
    { band: 'J', co2Max: 200, rates: pay(39_500, 39_500, 41_475, 21_725, 20_738) },
    { band: 'K', co2Max: 225, rates: pay(43_000, 43_000, 45_150, 23_650, 22_575) },
    { band: 'L', co2Max: 255, rates: pay(73_500, 73_500, 77_175, 40_425, 38_588) },
    { band: 'M', co2Max: Number.POSITIVE_INFINITY, rates: pay(76_000, 76_000, 79_800, 41_800, 39_900) },
  ],
  // Third-party pages only for 2025/26 (£220 / £360, £345, no motorcycle figures at all).
  engineSize: null,
  lightGoods: null,
  motorcycle: null,
};

/** Oldest first. Append next year's table once its figures are confirmed on GOV.UK. */
export const VED_RATE_TABLES: readonly VedRateTable[] = [VED_2025_26];

/** Rules that hold across tax years, each with where it comes from. Dates are YYYY-MM-DD. */
export const VED_RULES = {
  /** Cars from here are taxed by CO2 band (A–M); before it, by engine size. */
  co2BandsFrom: '2001-03-01',
  /** Cars from here pay the first-year rate, then the standard rate and perhaps the supplement. */
  standardRateFrom: '2017-04-01',
  /** Band K also takes cars over 225 g/km registered before this date. */
  bandKCapBefore: '2006-03-23',
  /** Zero-emission cars registered from here pay the supplement; before it they never do. */
  zeroEmissionSupplementFrom: '2025-04-01',
  /** TC11's engine-size split. */
  engineSizeSplitCc: 1549,
  /** Light goods vehicles (N1) up to this revenue weight are TC39; heavier ones are not vans here. */
  lightGoodsMaxKg: 3500,
  /** Euro 4 vans registered in this window may be in tax class 36. */
  euro4VanWindow: { from: '2003-03-01', to: '2006-12-31' },
  /**
   * For zero-emission cars registered from 1 April 2025, licences from 1 April 2026 (other than the
   * first) pay the supplement only over £50,000. GOV.UK policy paper, published 26 November 2025.
   */
  zeroEmissionThreshold: { from: '2026-04-01', listPriceOver: 50_000 },
  /**
   * The historic class: vehicles built more than 40 years before 1 January of a year can be taxed
   * at £0 from 1 April of that year (rolling since April 2017). It must be applied for, and not for
   * a vehicle used for hire or reward or commercially for a trade or business.
   */
  historicYears: 40,
  sources: {
    zeroEmissionThreshold: {
      title: 'GOV.UK: Increase in the VED expensive car supplement threshold for zero emission cars (26 November 2025)',
      url: 'https://www.gov.uk/government/publications/vehicle-excise-duty-for-expensive-car-supplement-threshold-increase-for-zero-emission-vehicles/increase-in-the-vehicle-excise-duty-expensive-car-supplement-threshold-for-zero-emission-cars',
      checked: CHECKED,
    },
    historic: {
      title: 'GOV.UK: Historic (classic) vehicles: MOT and vehicle tax',
      url: 'https://www.gov.uk/historic-vehicles',
      checked: CHECKED,
    },
    /** The engine-size bands of tax class 17 (the 2023/24 text of the Act; the bands have not changed since). */
    motorcycleBands: {
      title: 'Vehicle Excise and Registration Act 1994, Schedule 1 Part II (motorcycles)',
      url: 'https://www.legislation.gov.uk/ukpga/1994/22/schedule/1/part/II',
      checked: CHECKED,
    },
  } satisfies Record<string, RateSource>,
} as const;
