import type { LookupErrorCode } from './vehicles';

/**
 * GET /platform/vehicle-checker/tax/{vrm}: a vehicle's tax status from the register and what it
 * costs to tax under the newest confirmed VED rates. The platform works the rates out
 * (platform/src/tax/); the app only words and lays out what it is given. Money is in pence.
 */
export interface VehicleTaxResponse {
  code: 'ok' | LookupErrorCode;
  error: { message: string } | null;
  tax: VehicleTax | null;
}

export type TaxState = 'taxed' | 'sorn' | 'untaxed' | 'not_taxed_for_road_use' | 'unknown';

export interface VehicleTax {
  vrm: string;
  vrmPretty: string;
  make: string;
  model: string;
  colour: string;
  fuel: string;
  vehicleType: 'car' | 'van' | 'motorcycle';
  /** YYYY-MM-DD: the first registration (DVSA's first-used date). */
  firstRegistered: string;
  yearOfManufacture: number;
  engineCapacity: number | null;
  co2Emissions: number | null;
  status: { state: TaxState; /** Taxed: when it runs out. Untaxed: when it ran out. */ dueDate: string | null };
  mot: { status: string; expiryDate: string | null };
  assessment: VedAssessment;
  rates: RatesInfo;
}

/** The ways of paying one rate, as GOV.UK's tables give them, in pence. */
export interface PaymentOptions {
  twelveMonths: number;
  twelveMonthsDirectDebit: number;
  /** 12 monthly Direct Debits, added up. */
  monthlyDirectDebitTotal: number;
  /** null: the band cannot be paid six months at a time. */
  sixMonths: number | null;
  sixMonthsDirectDebit: number | null;
}

/**
 * The expensive car supplement: on top of the standard rate for cars whose list price was over
 * the threshold, for the licences starting in years 2 to 6. The register does not hold list
 * prices, so this is a condition for the seller to apply, never a guess.
 */
export interface ExpensiveCarSupplement {
  /** A year, in pence, at the rates' tax year. */
  annual: number;
  /** In pounds. */
  listPriceOver: number;
  /** YYYY-MM-DD: licences starting from `from` and before `until` pay it. */
  from: string;
  until: string;
  /** Where today falls in that window. */
  state: 'ahead' | 'now' | 'ended';
}

export type VedAssessment =
  | {
      kind: 'historic';
      /** YYYY-MM-DD: built before this date. */
      builtBefore: string;
    }
  | {
      /** First registered on or after 1 April 2017. */
      kind: 'standard_rate';
      rates: PaymentOptions;
      zeroEmission: boolean;
      supplement: ExpensiveCarSupplement | null;
      /** Zero-emission cars first registered from 1 April 2017 to 31 March 2025 never pay the supplement. */
      noSupplementReason: 'zero_emission_registered_before_april_2025' | null;
      /** What the first payment was, when the car was first taxed in the rates' tax year. */
      firstPayment: { amount: number; /** Diesels that do not meet RDE2 pay this instead. */ nonRde2Diesel: number | null } | null;
    }
  | {
      /** First registered 1 March 2001 – 31 March 2017. */
      kind: 'co2_band';
      band: string;
      co2: number;
      rates: PaymentOptions;
    }
  | {
      /** Cars (and light goods vehicles) first registered before 1 March 2001, or without a CO2 figure. */
      kind: 'engine_size';
      engineCapacity: number | null;
      band: 'up_to_1549cc' | 'over_1549cc' | null;
      /** null: no confirmed amount for this tax year. */
      rates: PaymentOptions | null;
    }
  | {
      /** Vans (N1, up to 3,500 kg) first registered from 1 March 2001: tax class 39. */
      kind: 'light_goods';
      /** First registered 1 March 2003 – 31 December 2006: a Euro 4 van may be in the cheaper class 36. */
      euro4Window: boolean;
      rates: PaymentOptions | null;
    }
  | {
      /** Motorcycles: tax class 17, by engine size. */
      kind: 'motorcycle';
      band: 'up_to_150cc' | '151_to_400cc' | '401_to_600cc' | 'over_600cc' | 'electric';
      rates: PaymentOptions | null;
    };

export interface RatesInfo {
  /** The tax year of the rates used, e.g. '2025/26'. */
  taxYear: string;
  from: string;
  to: string;
  /** The tax year today is in; when it differs from `taxYear`, its rates are not confirmed yet. */
  todayTaxYear: string;
  sources: RateSource[];
}

export interface RateSource {
  title: string;
  url: string;
  /** YYYY-MM-DD: when the figures were last checked against it. */
  checked: string;
}
