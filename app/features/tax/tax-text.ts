import type { PaymentOptions, RatesInfo, VedAssessment, VehicleTax } from '../../../contract/tax';
import { formatDate, formatNumber } from '../../lib/format';

/**
 * The car tax check's words. The platform decides how a vehicle is taxed and what that costs
 * (platform/src/tax/); this module only says it, so the rules live in one place.
 */

export const GOV_UK_RATES_URL = 'https://www.gov.uk/vehicle-tax-rate-tables';

const wholePounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });
const pennies = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2 });

/** Pence as a seller reads money: £195, £204.75. */
export function formatPence(pence: number): string {
  return pence % 100 === 0 ? wholePounds.format(pence / 100) : pennies.format(pence / 100);
}

export interface StatusText {
  title: string;
  lines: string[];
  /** Taxed: nothing to do but remember the date. */
  ok: boolean;
}

export function statusText(tax: Pick<VehicleTax, 'status' | 'mot'>): StatusText {
  const { state, dueDate } = tax.status;
  const needsMot =
    state !== 'taxed' && tax.mot.status === 'Not valid'
      ? [
          `It needs a valid MOT before it can be taxed${tax.mot.expiryDate ? ` (its MOT ran out on ${formatDate(tax.mot.expiryDate)})` : ''}.`,
        ]
      : [];
  switch (state) {
    case 'taxed':
      return {
        title: 'Taxed',
        lines: [dueDate ? `Tax is due on ${formatDate(dueDate)}.` : 'The register does not give a date the tax is due.'],
        ok: true,
      };
    case 'sorn':
      return {
        title: 'SORN: declared off the road',
        lines: ['It must be kept off public roads, and it must be taxed before it goes back on one.', ...needsMot],
        ok: false,
      };
    case 'untaxed':
      return {
        title: 'Untaxed',
        lines: [
          dueDate ? `Its tax ran out on ${formatDate(dueDate)}.` : 'It is not taxed.',
          'It must not be driven or kept on a public road until it is taxed, or declared off the road (SORN).',
          ...needsMot,
        ],
        ok: false,
      };
    case 'not_taxed_for_road_use':
      return { title: 'Not taxed for on-road use', lines: ['It is registered for use off public roads only.'], ok: false };
    default:
      return { title: 'Tax status unknown', lines: ['The register does not say whether this vehicle is taxed.'], ok: false };
  }
}

export interface PaymentRow {
  label: string;
  amount: string;
}

export function paymentRows(rates: PaymentOptions): PaymentRow[] {
  const rows: PaymentRow[] = [
    { label: '12 months, paid at once', amount: formatPence(rates.twelveMonths) },
    { label: '12 months by Direct Debit', amount: formatPence(rates.twelveMonthsDirectDebit) },
    { label: '12 monthly Direct Debits', amount: `${formatPence(rates.monthlyDirectDebitTotal)} in total` },
  ];
  if (rates.sixMonths !== null) rows.push({ label: '6 months, paid at once', amount: formatPence(rates.sixMonths) });
  if (rates.sixMonthsDirectDebit !== null)
    rows.push({ label: '6 months by Direct Debit', amount: formatPence(rates.sixMonthsDirectDebit) });
  return rows;
}

export interface CostText {
  /** The amount a year, or what stands in for it. */
  headline: string;
  /** How the vehicle is taxed, in a sentence or two. */
  basis: string[];
  /** The ways of paying, when the amount is confirmed. */
  payments: PaymentRow[] | null;
  /** Conditions and extras (the supplement, the first payment). */
  notes: string[];
  /** The amount for this kind of vehicle is not confirmed for the rates' tax year. */
  unconfirmed: string | null;
}

const unconfirmed = (rates: RatesInfo) =>
  `We have not been able to confirm the ${rates.taxYear} amount for this kind of vehicle on GOV.UK, so we do not show one rather than guess. GOV.UK's vehicle tax rate tables have it.`;

const MOTORCYCLE_BANDS: Record<Extract<VedAssessment, { kind: 'motorcycle' }>['band'], string> = {
  up_to_150cc: 'up to 150 cc',
  '151_to_400cc': '151 to 400 cc',
  '401_to_600cc': '401 to 600 cc',
  over_600cc: 'over 600 cc',
  electric: 'electric',
};

const cc = (value: number) => `${formatNumber(value)} cc`;

export function costText(tax: Pick<VehicleTax, 'assessment' | 'rates' | 'engineCapacity' | 'co2Emissions'>): CostText {
  const a: VedAssessment = tax.assessment;
  const rates = tax.rates;
  switch (a.kind) {
    case 'historic':
      return {
        headline: '£0',
        basis: [`In the historic tax class: vehicles built before ${formatDate(a.builtBefore)} can be taxed in it at no cost.`],
        payments: null,
        notes: [
          'It still has to be taxed: you apply for the historic class when you tax it.',
          'The class is not for a vehicle used for hire or reward, or commercially for a trade or business.',
        ],
        unconfirmed: null,
      };
    case 'standard_rate': {
      const notes: string[] = [];
      const s = a.supplement;
      if (a.noSupplementReason) notes.push('No expensive car supplement: electric cars first registered before 1 April 2025 never pay it.');
      else if (s) {
        const extra = `${formatPence(s.annual)} a year`;
        const total = formatPence(a.rates.twelveMonths + s.annual);
        const listPrice = wholePounds.format(s.listPriceOver);
        if (s.state === 'now')
          notes.push(
            `If its list price was over ${listPrice}, add the expensive car supplement: ${extra} (${total} a year in all) for tax that starts before ${formatDate(s.until)}.`,
          );
        else if (s.state === 'ahead')
          notes.push(
            `From ${formatDate(s.from)}, if its list price was over ${listPrice}, add the expensive car supplement: ${extra} (${total} a year in all) until ${formatDate(s.until)}.`,
          );
        else notes.push(`No expensive car supplement any more: it is paid in years 2 to 6 only, which ended on ${formatDate(s.until)}.`);
        if (s.state !== 'ended')
          notes.push(
            'The list price is the published price when new, options included, before any discount. The register does not hold it, so check your own car’s.',
          );
      }
      if (a.firstPayment) {
        notes.push(
          a.firstPayment.nonRde2Diesel !== null && a.firstPayment.nonRde2Diesel !== a.firstPayment.amount
            ? `Its first tax payment, set by its CO2, was ${formatPence(a.firstPayment.amount)} (${formatPence(a.firstPayment.nonRde2Diesel)} for a diesel that does not meet RDE2).`
            : `Its first tax payment, set by its CO2, was ${formatPence(a.firstPayment.amount)}.`,
        );
      }
      return {
        headline: `${formatPence(a.rates.twelveMonths)} a year`,
        basis: [
          'Cars first registered from 1 April 2017 pay the standard rate from their second tax payment, whatever their fuel.',
          ...(a.zeroEmission ? ['Electric cars have paid it since 1 April 2025.'] : []),
        ],
        payments: paymentRows(a.rates),
        notes,
        unconfirmed: null,
      };
    }
    case 'co2_band':
      return {
        headline: `${formatPence(a.rates.twelveMonths)} a year`,
        basis: [
          `Cars first registered from 1 March 2001 to 31 March 2017 are taxed by their CO2. This one emits ${a.co2} g/km: band ${a.band}.`,
          ...(a.co2 === 0 ? ['Electric cars have paid vehicle tax since 1 April 2025.'] : []),
        ],
        payments: paymentRows(a.rates),
        notes: [],
        unconfirmed: null,
      };
    case 'engine_size': {
      const size = a.engineCapacity !== null ? `Its engine is ${cc(a.engineCapacity)}: ` : '';
      const band =
        a.band === 'up_to_1549cc'
          ? 'the lower rate, for engines up to 1,549 cc.'
          : a.band === 'over_1549cc'
            ? 'the higher rate, for engines over 1,549 cc.'
            : '';
      return {
        headline: a.rates
          ? `${formatPence(a.rates.twelveMonths)} a year`
          : a.band === 'over_1549cc'
            ? 'The higher engine-size rate'
            : 'The lower engine-size rate',
        basis: [
          tax.co2Emissions === null
            ? 'Vehicles first registered before 1 March 2001, or without a CO2 figure, are taxed by engine size.'
            : 'Vehicles first registered before 1 March 2001 are taxed by engine size.',
          `${size}${band}`.trim(),
        ].filter(Boolean),
        payments: a.rates ? paymentRows(a.rates) : null,
        notes: [],
        unconfirmed: a.rates ? null : unconfirmed(rates),
      };
    }
    case 'light_goods':
      return {
        headline: a.rates ? `${formatPence(a.rates.twelveMonths)} a year` : 'The flat van rate',
        basis: [
          'Vans up to 3,500 kg first registered from 1 March 2001 pay one flat rate (tax class 39), whatever their CO2. Electric vans pay it too.',
        ],
        payments: a.rates ? paymentRows(a.rates) : null,
        notes: a.euro4Window
          ? ['A Euro 4 van first registered between 1 March 2003 and 31 December 2006 may be in the cheaper tax class 36.']
          : [],
        unconfirmed: a.rates ? null : unconfirmed(rates),
      };
    case 'motorcycle': {
      const electric = a.band === 'electric';
      return {
        headline: a.rates
          ? `${formatPence(a.rates.twelveMonths)} a year`
          : electric
            ? 'The electric motorcycle rate'
            : `The ${MOTORCYCLE_BANDS[a.band]} rate`,
        basis: electric
          ? ['Electric motorcycles have paid vehicle tax since 1 April 2025.']
          : [
              'Motorcycles are taxed by engine size: up to 150 cc, 151 to 400 cc, 401 to 600 cc, or over 600 cc.',
              `${tax.engineCapacity !== null ? `Its engine is ${cc(tax.engineCapacity)}: ` : ''}the ${MOTORCYCLE_BANDS[a.band]} band.`,
            ],
        payments: a.rates ? paymentRows(a.rates) : null,
        notes: [],
        unconfirmed: a.rates ? null : unconfirmed(rates),
      };
    }
  }
}

/** Which year's rates these are, plainly, and whether a newer year has begun without them. */
export function ratesText(rates: RatesInfo): string[] {
  const lines = [`These are GOV.UK's rates for the ${rates.taxYear} tax year (${formatDate(rates.from)} to ${formatDate(rates.to)}).`];
  if (rates.todayTaxYear !== rates.taxYear) {
    lines.push(
      `Rates change every April. We have not confirmed the ${rates.todayTaxYear} rates yet, so what you pay now may be more: check GOV.UK before you pay.`,
    );
  }
  return lines;
}
