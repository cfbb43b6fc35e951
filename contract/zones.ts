/**
 * The UK's charging and low-emission zones a private car, van or motorcycle can meet, and the ULEZ
 * standard they share (docs/behaviour/entry.md#constants, docs/sources/zones-and-ved.md). One source of truth: the platform's ULEZ check
 * answers from it, the app's checker results and city pages render it.
 *
 * Every fact comes from docs/sources/zones-and-ved.md, which cites GOV.UK, TfL, councils,
 * lowemissionzones.scot and mygov.scot first and trade press or news where no official page was
 * found; read on 2026-11-23. Charges are as the sources give them, mostly at each zone's launch.
 *
 * Left out on purpose, because their current rules can't be confirmed from those sources:
 * - Oxford's Zero Emission Zone: its charges were due to double in August 2025 and the outcome is
 *   not confirmed.
 * - Motorcycles in the English clean air zones: a council may include them in a class D zone, and
 *   none of the sources says whether Birmingham or Bristol does.
 * - Bradford's and Tyneside's hours, and the exact day in July 2023 Tyneside began charging vans.
 * Greater Manchester and Leeds have no charging zone (both schemes were dropped), nor has Wales.
 */

export interface ZoneSource {
  title: string;
  url: string;
  /** When we read it (YYYY-MM-DD). */
  accessed: string;
}

export type ZoneVehicleType = 'car' | 'van' | 'motorcycle';

export interface Zone {
  id: string;
  name: string;
  place: string;
  nation: 'England' | 'Scotland';
  kind: 'ulez' | 'caz' | 'lez';
  /** When the zone began to apply to the vehicles it charges or bars today, as the sources date it. */
  since: string;
  hours: string | null;
  /** Daily charge in pounds by vehicle type, for a vehicle below the standard. Absent: not charged. */
  charges: Partial<Record<ZoneVehicleType, number>>;
  /** Scottish zones bar a vehicle below the standard instead of charging it. */
  bars: ZoneVehicleType[];
  /** What happens to a vehicle below the standard that enters without paying (or at all, where barred). */
  penalty: string;
  sources: ZoneSource[];
}

const ACCESSED = '2026-11-23';
const source = (title: string, url: string): ZoneSource => ({ title, url, accessed: ACCESSED });

const TFL_FOI = source(
  'TfL: freedom of information request FOI-1926-1920 (ULEZ charges)',
  'https://tfl.gov.uk/corporate/transparency/freedom-of-information/foi-request-detail?referenceId=FOI-1926-1920',
);
const BVRLA_LONDON = source(
  "BVRLA: London's Ultra Low Emission Zone update",
  'https://www.bvrla.co.uk/resource/london-s-ultra-low-emission-zone-update.html',
);
const NEWS_SHOPPER_HOURS = source(
  'News Shopper: ULEZ operating hours (quoting TfL)',
  'https://www.newsshopper.co.uk/news/23739186.operating-hours-ulez-london/',
);
const ZENITH_ULEZ = source(
  "Zenith: introducing London's new Ultra Low Emission Zone (7 May 2019)",
  'https://www.zenith.co.uk/insights/introducing-londons-new-ultra-low-emission-zone/',
);
const GOV_CAZ = source('GOV.UK: Driving in a clean air zone', 'https://www.gov.uk/guidance/driving-in-a-clean-air-zone');
const TPT_CAZ = source(
  'Traffic Penalty Tribunal: clean air zones',
  'https://www.trafficpenaltytribunal.gov.uk/alerting-motorists-to-the-launch-of-clean-air-zones/',
);
const LEZ_SCOT_HOW = source('Low Emission Zones Scotland: how they work', 'https://lowemissionzones.scot/about/how-they-work');
const LEZ_SCOT_EXEMPTIONS = source('Low Emission Zones Scotland: exemptions', 'https://lowemissionzones.scot/get-ready/exemptions');
const MYGOV_LEZ_FINES = source('mygov.scot: Low emission zone fines', 'https://www.mygov.scot/low-emission-zones/fines');
const REHIS_LEZ = source(
  'REHIS: Aberdeen, Dundee and Edinburgh become latest Scottish LEZ cities',
  'https://rehis.com/news/aberdeen-dundee-and-edinburgh-become-latest-scottish-lez-cities/',
);

const CAZ_PENALTY = 'A penalty charge notice of £120 for each day the charge goes unpaid (pay within six days after the day you drove).';
const LEZ_PENALTY =
  'A penalty charge notice of £60 (£30 if paid within 14 days), doubling for each repeat entry within 90 days, up to £480 for a car or van.';
const SCOTTISH_LEZ_SOURCES = [LEZ_SCOT_HOW, LEZ_SCOT_EXEMPTIONS, MYGOV_LEZ_FINES];

/**
 * Scotland's zones share national rules (SSI 2021/177): a car or van below the standard must stay
 * out, all day, every day; motorcycles and mopeds are not included in the requirements.
 */
function scottishLez(city: string, since: string, sources: ZoneSource[]): Zone {
  return {
    id: `${city.toLowerCase()}-lez`,
    name: `${city} Low Emission Zone`,
    place: city,
    nation: 'Scotland',
    kind: 'lez',
    since,
    hours: '24 hours a day, every day',
    charges: {},
    bars: ['car', 'van'],
    penalty: LEZ_PENALTY,
    sources,
  };
}

export const ZONES: readonly Zone[] = [
  {
    id: 'london-ulez',
    name: 'Ultra Low Emission Zone (ULEZ)',
    place: 'London',
    nation: 'England',
    kind: 'ulez',
    since: '2023-08-29',
    hours: '24 hours a day, every day except Christmas Day',
    charges: { car: 12.5, van: 12.5, motorcycle: 12.5 },
    bars: [],
    penalty: 'A penalty charge notice of £180 (£90 if paid within 14 days).',
    sources: [TFL_FOI, BVRLA_LONDON, NEWS_SHOPPER_HOURS, ZENITH_ULEZ],
  },
  {
    id: 'birmingham-caz',
    name: 'Birmingham Clean Air Zone',
    place: 'Birmingham',
    nation: 'England',
    kind: 'caz',
    since: '2021-06-14',
    hours: '24 hours a day, every day',
    charges: { car: 8, van: 8 },
    bars: [],
    penalty: CAZ_PENALTY,
    sources: [
      GOV_CAZ,
      source('BVRLA: Birmingham clean air zone goes live', 'https://www.bvrla.co.uk/resource/birmingham-clean-air-zone-goes-live.html'),
      source('Highways News: Birmingham launches clean air zone', 'https://highways-news.com/birmingham-launches-caz'),
      TPT_CAZ,
    ],
  },
  {
    id: 'bristol-caz',
    name: 'Bristol Clean Air Zone',
    place: 'Bristol',
    nation: 'England',
    kind: 'caz',
    since: '2022-11-28',
    hours: '24 hours a day, every day',
    charges: { car: 9, van: 9 },
    bars: [],
    penalty: 'A penalty charge notice of £120 (£60 if paid within 14 days) for each day the charge goes unpaid.',
    sources: [
      GOV_CAZ,
      source('BVRLA: Bristol clean air zone now live', 'https://www.bvrla.co.uk/resource/bristol-clean-air-zone-now-live.html'),
      source(
        'ITV News: Bristol clean air zone charges and fines (19 October 2022)',
        'https://www.itv.com/news/westcountry/2022-10-19/this-is-how-much-charges-and-fines-are-for-bristols-clean-air-zone',
      ),
    ],
  },
  {
    id: 'bath-caz',
    name: 'Bath Clean Air Zone',
    place: 'Bath',
    nation: 'England',
    kind: 'caz',
    since: '2021-03-15',
    hours: '24 hours a day, every day',
    charges: { van: 9 },
    bars: [],
    penalty: CAZ_PENALTY,
    sources: [
      GOV_CAZ,
      source(
        "ITV News: Bath's clean air zone is starting next week (9 March 2021)",
        'https://www.itv.com/news/westcountry/2021-03-09/baths-clean-air-zone-is-starting-next-week-heres-everything-you-need-to-know',
      ),
      source(
        'What Van?: Bath clean air zone launches with charges for non-compliant LCVs',
        'https://www.whatvan.co.uk/news/bath-clean-air-zone-launches-with-charges-for-non-compliant-lcvs/',
      ),
    ],
  },
  {
    id: 'bradford-caz',
    name: 'Bradford Clean Air Zone',
    place: 'Bradford',
    nation: 'England',
    kind: 'caz',
    since: '2022-09-26',
    hours: null,
    charges: { van: 9 },
    bars: [],
    penalty: CAZ_PENALTY,
    sources: [
      GOV_CAZ,
      source(
        'Bradford Council: clean air zone frequently asked questions',
        'https://www.bradford.gov.uk/breathe-better-bradford/where-is-the-clean-air-zone/frequently-asked-questions/',
      ),
      source("BBC News: Bradford's clean air zone", 'https://feeds.bbci.co.uk/news/uk-england-leeds-63008230'),
    ],
  },
  {
    id: 'sheffield-caz',
    name: 'Sheffield Clean Air Zone',
    place: 'Sheffield',
    nation: 'England',
    kind: 'caz',
    since: '2023-02-27',
    hours: '24 hours a day, every day',
    charges: { van: 10 },
    bars: [],
    penalty: CAZ_PENALTY,
    sources: [
      GOV_CAZ,
      source(
        "ITV News: date confirmed for Sheffield's clean air zone (21 November 2022)",
        'https://www.itv.com/news/calendar/2022-11-21/date-confirmed-for-citys-clean-air-zone-heres-what-you-could-be-charged',
      ),
      source(
        'The Star: Sheffield clean air zone starts (27 February 2023)',
        'https://www.thestar.co.uk/news/politics/sheffield-clean-air-zone-senior-councillor-admits-to-teething-problems-as-controversial-scheme-starts-today-4042163',
      ),
    ],
  },
  {
    id: 'tyneside-caz',
    name: 'Newcastle and Gateshead Clean Air Zone',
    place: 'Newcastle and Gateshead',
    nation: 'England',
    kind: 'caz',
    // Vans from July 2023; the sources don't agree on the day, so the month stands for it.
    since: '2023-07',
    hours: null,
    charges: { van: 12.5 },
    bars: [],
    penalty: CAZ_PENALTY,
    sources: [
      GOV_CAZ,
      source(
        'Fleet News: Newcastle clean air zone launches (30 January 2023)',
        'https://www.fleetnews.co.uk/news/environment/2023/01/30/newcastle-clean-air-zone-launches-non-compliant-vans-charged-from-july',
      ),
      source(
        'ITV News: where are clean air zones (28 July 2023)',
        'https://www.itv.com/news/london/2023-07-28/where-are-ulez-style-clean-air-zones-and-will-my-town-or-city-get-one',
      ),
    ],
  },
  {
    id: 'portsmouth-caz',
    name: 'Portsmouth Clean Air Zone',
    place: 'Portsmouth',
    nation: 'England',
    kind: 'caz',
    since: '2021-11-29',
    hours: null,
    // Class B: taxis, buses, coaches and lorries only; cars, vans and motorcycles are never charged.
    charges: {},
    bars: [],
    penalty: CAZ_PENALTY,
    sources: [
      GOV_CAZ,
      source(
        'Fleet News: Portsmouth CAZ goes live (30 November 2021)',
        'https://www.fleetnews.co.uk/news/fleet-industry-news/2021/11/30/portsmouth-caz-goes-live',
      ),
      source('Cleaner Air Portsmouth: clean air zone FAQs', 'https://cleanerairportsmouth.co.uk/clean-air-zone-faqs/'),
    ],
  },
  scottishLez('Glasgow', '2023-06-01', SCOTTISH_LEZ_SOURCES),
  scottishLez('Dundee', '2024-05-30', [...SCOTTISH_LEZ_SOURCES, REHIS_LEZ]),
  scottishLez('Aberdeen', '2024-06-01', [...SCOTTISH_LEZ_SOURCES, REHIS_LEZ]),
  scottishLez('Edinburgh', '2024-06-01', [...SCOTTISH_LEZ_SOURCES, REHIS_LEZ]),
];

export function zoneById(id: string): Zone {
  const zone = ZONES.find((z) => z.id === id);
  if (!zone) throw new Error(`no zone ${id}`);
  return zone;
}

/** London's ULEZ as docs/behaviour/entry.md#constants gives it, for the checker's results. */
export const ULEZ = {
  dailyCharge: 12.5,
  /** The zone's three stages. */
  stages: [
    { area: 'Central London', since: '2019-04-08' },
    { area: 'Inner London, up to the North and South Circular roads', since: '2021-10-25' },
    { area: 'All London boroughs', since: '2023-08-29' },
  ],
  /**
   * TfL's scrappage grants (docs/behaviour/entry.md#constants: £2,000 a car, £1,000 a motorcycle or moped). The London-wide
   * scheme closed to new applications on 8 September 2024, so nobody can apply now.
   */
  scrappage: { car: 2_000, motorcycle: 1_000, closedOn: '2024-09-08' },
  scrappageSources: [
    source('TfL: scrappage schemes', 'https://tfl.gov.uk/modes/driving/ultra-low-emission-zone/scrappage-schemes'),
    source(
      'Fleet News: scrappage scheme to close after committing £186m',
      'https://fleetnews.co.uk/news/scrappage-scheme-to-close-after-already-committing-186m',
    ),
  ],
} as const;

// ---------------------------------------------------------------------------------------------
// The standard
// ---------------------------------------------------------------------------------------------

/** Fuels the ULEZ fuel check passes (docs/behaviour/entry.md#validation): the Euro standards are written for these engines. */
export const CHECKED_FUELS = ['PETROL', 'DIESEL', 'HYBRID ELECTRIC'] as const;
/** No exhaust at all: every zone lets these in free. */
export const ZERO_EMISSION_FUELS = ['ELECTRICITY', 'FUEL CELLS'] as const;

/** Petrol and hybrid: Euro 4, as a rule first registered from 1 January 2006 (docs/sources/zones-and-ved.md). */
export const PETROL_STANDARD = { euro: 4, registeredFrom: '2006-01-01' } as const;
/** Diesel: Euro 6, as a rule first registered from 1 September 2015. */
export const DIESEL_STANDARD = { euro: 6, registeredFrom: '2015-09-01' } as const;
/** Motorcycles and mopeds: Euro 3. No registration date is confirmed for it, so there is no estimate. */
export const MOTORCYCLE_STANDARD = { euro: 3 } as const;

export interface StandardInput {
  vehicleType: ZoneVehicleType;
  /** DVLA's fuel type, upper case. */
  fuel: string;
  /** DVLA's euroStatus, e.g. 'EURO 6' or 'Euro 6d'; null when the register has none. */
  euroStatus: string | null;
  /** YYYY-MM-DD or YYYY-MM. */
  firstRegistered: string;
}

export type StandardVerdict =
  /** Meets it, by its Euro status. */
  | { meets: boolean; basis: 'euro_status'; euro: number }
  /** No Euro status in the register: by its first registration, an estimate. */
  | { meets: boolean; basis: 'registration_date'; euro: null }
  /** Electric: no exhaust, nothing to check. */
  | { meets: true; basis: 'zero_emission'; euro: null }
  /** A fuel the standard doesn't cover, or a motorcycle with no Euro status: can't say. */
  | { meets: null; basis: 'unknown'; euro: null };

export function euroNumber(status: string | null): number | null {
  const match = /^\s*euro\s*([1-6])/i.exec(status ?? '');
  return match ? Number(match[1]) : null;
}

/** Does the vehicle meet the standard the ULEZ, the clean air zones and the Scottish zones share? */
export function meetsStandard(vehicle: StandardInput): StandardVerdict {
  const fuel = vehicle.fuel.trim().toUpperCase();
  if ((ZERO_EMISSION_FUELS as readonly string[]).includes(fuel)) return { meets: true, basis: 'zero_emission', euro: null };
  if (!(CHECKED_FUELS as readonly string[]).includes(fuel)) return { meets: null, basis: 'unknown', euro: null };
  const euro = euroNumber(vehicle.euroStatus);
  const standard = vehicle.vehicleType === 'motorcycle' ? MOTORCYCLE_STANDARD : fuel === 'DIESEL' ? DIESEL_STANDARD : PETROL_STANDARD;
  if (euro !== null) return { meets: euro >= standard.euro, basis: 'euro_status', euro };
  if (!('registeredFrom' in standard)) return { meets: null, basis: 'unknown', euro: null };
  const first = vehicle.firstRegistered.length === 7 ? `${vehicle.firstRegistered}-01` : vehicle.firstRegistered;
  return { meets: first >= standard.registeredFrom, basis: 'registration_date', euro: null };
}

// ---------------------------------------------------------------------------------------------
// Zone by zone
// ---------------------------------------------------------------------------------------------

export type ZoneOutcome = 'charged' | 'barred' | 'free';

export interface ZoneVerdict {
  zoneId: string;
  outcome: ZoneOutcome;
  /** Pounds a day, when charged. */
  charge: number | null;
}

/**
 * What each zone means for this vehicle. A vehicle that meets the standard (or whose type a zone
 * doesn't cover) drives in free; one that doesn't pays the zone's charge or, in Scotland, must
 * stay out. Nothing is said when the standard can't be decided.
 */
export function zoneVerdicts(vehicleType: ZoneVehicleType, meets: boolean | null): ZoneVerdict[] {
  if (meets === null) return [];
  return ZONES.map((zone): ZoneVerdict => {
    const charge = zone.charges[vehicleType];
    if (meets) return { zoneId: zone.id, outcome: 'free', charge: null };
    if (zone.bars.includes(vehicleType)) return { zoneId: zone.id, outcome: 'barred', charge: null };
    if (charge !== undefined) return { zoneId: zone.id, outcome: 'charged', charge };
    return { zoneId: zone.id, outcome: 'free', charge: null };
  });
}
