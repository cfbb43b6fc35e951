// A module of its own, not in sale.ts: the offer pages show these rules, and the profile's lists in
// sale.ts would otherwise travel with them into every sale step's scripts (docs/performance.md).
//
// These are Kerbside's own rules for its dealers (docs/decisions/035), not facts from outside: the
// amounts are what a dealer may take off for each thing the handover inspection finds that the
// seller did not declare. The platform holds every revised offer to them (assessAdjustment); the
// price-rules page and every offer page publish them.

/** What the dealer may take off, per item found at the handover that the profile did not show. */
export const TARIFF = {
  scratch: { label: 'A scratch through the paint', unit: 'per panel', amount: 60, damage: true },
  dent: { label: 'A dent', unit: 'per panel', amount: 120, damage: true },
  'kerbed-alloy': { label: 'A kerbed alloy wheel', unit: 'per wheel', amount: 50, damage: true },
  'windscreen-crack': { label: 'A chip or crack in the windscreen', unit: 'once', amount: 150, damage: true },
  'warning-light': { label: 'A warning light on the dashboard', unit: 'per light', amount: 200, damage: false },
  'missing-key': { label: 'A key fewer than you declared', unit: 'per key', amount: 150, damage: false },
  'service-history': { label: 'Service history you declared that is not there', unit: 'once', amount: 250, damage: false },
  'mileage-over': {
    label: 'Mileage more than 200 above the one you gave',
    unit: 'per 1,000 miles beyond those 200',
    amount: 100,
    damage: false,
  },
} as const;
export type TariffId = keyof typeof TARIFF;

/** The first £150 of damage is the dealer's to put right: only damage beyond it reduces the price. */
export const PREPARATION_ALLOWANCE = 150;
/** The most a revised offer may take off, as a share of the agreed price: above it the dealer can only cancel. */
export const CAP_SHARE = 0.1;
/** A mileage within this many miles of the one the seller gave never changes the price. */
export const MILEAGE_TOLERANCE = 200;

/** Wear and tear for the car's age and mileage: never an item, whatever the dealer calls it. */
export const WEAR_AND_TEAR = {
  'stone-chips': 'Stone chips on the bonnet or bumper',
  'light-scuffs': 'Light scuffs and swirl marks that polish out',
  'tyre-wear': 'Tyres worn but above the legal limit',
  'interior-wear': 'Wear on seats, carpets and the steering wheel',
} as const;
export type WearId = keyof typeof WEAR_AND_TEAR;

/** The profile's declared issue kinds (contract/sale.ts ISSUE_KINDS) that cover each tariff item. */
const DECLARED_BY: Partial<Record<TariffId, string>> = {
  scratch: 'bodywork',
  dent: 'bodywork',
  'kerbed-alloy': 'bodywork',
  'windscreen-crack': 'windscreen',
  'warning-light': 'warning-lights',
};

/** What a dealer may and may not change at collection: published next to every offer. */
export const PRICE_RULES = {
  can: [
    `Damage you did not declare and your photos do not show, beyond a £${PREPARATION_ALLOWANCE} preparation allowance, at the amounts in our published tariff`,
    `A mileage more than ${MILEAGE_TOLERANCE} miles above the one you gave`,
    'Keys or service history you declared that are not there',
  ],
  cannot: [
    'Normal wear and tear for the age and mileage',
    'Anything you declared in your profile or showed in your photos',
    `A mileage within ${MILEAGE_TOLERANCE} miles of the one you gave`,
    `More than ${CAP_SHARE * 100}% of the agreed price in all: above that the dealer can only cancel, and the car stays with you`,
    'The dealer changing their mind: the offer is binding once you accept it',
  ],
} as const;

/** One thing the dealer's inspector found and wants to charge for. */
export interface ProposedItem {
  tariff: TariffId | WearId | string;
  /** The photo slot (contract/documents.ts PHOTO_SLOTS) where it shows, when it is on the car. */
  slot: string | null;
  detail: string;
  /** How many panels, wheels, keys or lights. */
  count?: number;
  /** The inspector's own comparison: the profile's photo of that slot shows it. */
  profilePhotoShows?: boolean;
}

/** What the profile said, as far as the rules need it. */
export interface DeclaredProfile {
  issueKinds: string[];
  keys: number | null;
  serviceHistory: 'full' | 'partial' | 'none' | null;
  mileage: number | null;
}

/** What the inspection counted, as far as the rules need it. */
export interface FoundAtHandover {
  keys: number | null;
  serviceHistory: 'full' | 'partial' | 'none' | null;
  mileage: number | null;
}

export interface AcceptedItem {
  tariff: TariffId;
  label: string;
  unit: string;
  slot: string | null;
  detail: string;
  count: number;
  amount: number;
}
export interface RefusedItem {
  tariff: string;
  slot: string | null;
  detail: string;
  /** Which rule refused it, in the seller's words. */
  rule: string;
}

export type Assessment =
  | { kind: 'no_change'; refused: RefusedItem[] }
  | {
      kind: 'revised';
      items: AcceptedItem[];
      refused: RefusedItem[];
      itemsTotal: number;
      allowance: number;
      reduction: number;
      proposed: number;
    }
  | { kind: 'over_cap'; items: AcceptedItem[]; refused: RefusedItem[]; reduction: number; cap: number };

const HISTORY_RANK = { none: 0, partial: 1, full: 2 } as const;

export function capFor(agreed: number): number {
  return Math.floor(agreed * CAP_SHARE);
}

/**
 * Holds a dealer's proposed items to the published rules: wear and tear, anything declared,
 * anything the profile's photos show, and anything the inspection's own counts do not bear out are
 * refused; the amounts are the tariff's, never the dealer's; the damage items share the preparation
 * allowance; a total above the cap can only cancel the sale.
 */
export function assessAdjustment(agreed: number, proposed: ProposedItem[], declared: DeclaredProfile, found: FoundAtHandover): Assessment {
  const items: AcceptedItem[] = [];
  const refused: RefusedItem[] = [];
  const refuse = (item: ProposedItem, rule: string) => refused.push({ tariff: item.tariff, slot: item.slot, detail: item.detail, rule });
  for (const item of proposed) {
    if (Object.hasOwn(WEAR_AND_TEAR, item.tariff)) {
      refuse(item, 'Wear and tear for the age and mileage never changes the price');
      continue;
    }
    if (!Object.hasOwn(TARIFF, item.tariff)) {
      refuse(item, 'Not in the published tariff');
      continue;
    }
    const tariff = item.tariff as TariffId;
    const line = TARIFF[tariff];
    const declaredKind = DECLARED_BY[tariff];
    if (declaredKind && declared.issueKinds.includes(declaredKind)) {
      refuse(item, 'You declared it in your profile');
      continue;
    }
    if (item.profilePhotoShows) {
      refuse(item, 'Your profile photos show it: the dealer bid knowing');
      continue;
    }
    let count = Math.max(1, Math.floor(item.count ?? 1));
    if (tariff === 'missing-key') {
      const missing = declared.keys !== null && found.keys !== null ? declared.keys - found.keys : 0;
      if (missing <= 0) {
        refuse(item, 'The keys handed over are the number you declared');
        continue;
      }
      count = missing;
    }
    if (tariff === 'service-history') {
      const short =
        declared.serviceHistory !== null &&
        found.serviceHistory !== null &&
        HISTORY_RANK[found.serviceHistory] < HISTORY_RANK[declared.serviceHistory];
      if (!short) {
        refuse(item, 'The service history is as you declared it');
        continue;
      }
      count = 1;
    }
    if (tariff === 'mileage-over') {
      const over = declared.mileage !== null && found.mileage !== null ? found.mileage - declared.mileage : 0;
      if (over <= MILEAGE_TOLERANCE) {
        refuse(item, `The mileage is within ${MILEAGE_TOLERANCE} miles of the one you gave`);
        continue;
      }
      count = Math.ceil((over - MILEAGE_TOLERANCE) / 1000);
    }
    items.push({ tariff, label: line.label, unit: line.unit, slot: item.slot, detail: item.detail, count, amount: line.amount * count });
  }
  if (!items.length) return { kind: 'no_change', refused };
  const damage = items.filter((i) => TARIFF[i.tariff].damage).reduce((sum, i) => sum + i.amount, 0);
  const other = items.filter((i) => !TARIFF[i.tariff].damage).reduce((sum, i) => sum + i.amount, 0);
  const allowance = Math.min(damage, PREPARATION_ALLOWANCE);
  const reduction = damage - allowance + other;
  if (reduction <= 0) return { kind: 'no_change', refused };
  const cap = capFor(agreed);
  if (reduction > cap) return { kind: 'over_cap', items, refused, reduction, cap };
  return { kind: 'revised', items, refused, itemsTotal: damage + other, allowance, reduction, proposed: agreed - reduction };
}
