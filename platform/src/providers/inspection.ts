import { PHOTO_SLOTS } from '../../../contract/documents';
import { TARIFF, type FoundAtHandover, type ProposedItem } from '../../../contract/price-rules';
import type { VehicleProfile } from '../../../contract/sale';

/**
 * The buying dealer's inspector at the handover, simulated: the report a real dealer would send
 * to `POST /post-sale/enquiries/{id}/verifications` (platform/src/sale/collection-day.ts holds both
 * to the same rules). The car is as its profile describes, except for the sandbox registrations
 * below (docs/sandbox.md), each of which shows one outcome of collection day.
 */

export type CheckId = 'features' | 'service-history' | 'damage' | 'faults' | 'keys' | 'photos' | 'mileage';
export interface Check {
  check: CheckId;
  result: 'as_described' | 'differs';
  detail: string;
}

export interface InspectionReport {
  checks: Check[];
  found: FoundAtHandover;
  items: ProposedItem[];
  /** The photos the inspector took of what they found, by slot. */
  photos: { slot: string; contentType: 'image/svg+xml'; body: string }[];
  /** The V5C's 11-digit document reference, which the trader uses to tell DVLA (kept by the dealer, never by us in full). */
  v5cReference: string;
}

/** What the sandbox registrations find at the handover that the profile did not say. */
const FINDINGS: Record<string, { items: ProposedItem[]; checks: Partial<Record<CheckId, string>> }> = {
  // An undisclosed dent: a revised offer at the tariff's amount.
  KE19DNT: {
    items: [{ tariff: 'dent', slot: 'front-left', detail: 'A dent about 3 cm across in the front left wing', count: 2 }],
    checks: { damage: 'Dents in the front left wing and door, not in the profile or its photos' },
  },
  // A fault the seller declares: the inspector charges for it (and for stone chips, which are wear
  // and tear), and the rules refuse both items.
  KE19WLT: {
    items: [
      { tariff: 'warning-light', slot: 'dashboard', detail: 'Engine management light on with the ignition on' },
      { tariff: 'stone-chips', slot: 'front-right', detail: 'Stone chips on the bonnet' },
    ],
    checks: { faults: 'Engine management light on' },
  },
  // More damage than the cap allows: the dealer can only cancel.
  KE19CAP: {
    items: [
      { tariff: 'dent', slot: 'rear-left', detail: 'Dents along the left side', count: 8 },
      { tariff: 'kerbed-alloy', slot: 'wheel-front-left', detail: 'All four alloys kerbed', count: 4 },
      { tariff: 'windscreen-crack', slot: 'front-right', detail: 'A crack across the windscreen' },
    ],
    checks: { damage: 'Dents along the left side, four kerbed alloys and a cracked windscreen, none in the profile' },
  },
};

const CHECK_TITLES: Record<CheckId, string> = {
  features: 'Features',
  'service-history': 'Service history',
  damage: 'Bodywork and wheels',
  faults: 'Warning lights and faults',
  keys: 'Keys',
  photos: 'Your photos',
  mileage: 'Mileage',
};
export function checkTitle(check: string): string {
  return CHECK_TITLES[check as CheckId] ?? check;
}

/** A drawing of the panel as the inspector photographed it: the dent circled (a real inspector's photo is a JPEG). */
function collectionPhoto(slot: string, detail: string): string {
  const label = PHOTO_SLOTS.find((s) => s.id === slot)?.label ?? slot;
  const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 240" role="img">',
    `<title>${escape(`Collection photo, ${label}: ${detail}`)}</title>`,
    '<rect width="320" height="240" fill="#dfe6ee"/>',
    '<path d="M20 170 Q60 90 160 90 Q260 90 300 170 Z" fill="#2f5d8a"/>',
    '<circle cx="80" cy="200" r="26" fill="#222"/><circle cx="240" cy="200" r="26" fill="#222"/>',
    '<circle cx="120" cy="140" r="22" fill="none" stroke="#d4351c" stroke-width="5"/>',
    `<text x="10" y="24" font-family="sans-serif" font-size="16" fill="#0b0c0c">${escape(label)}, at collection</text>`,
    '</svg>',
  ].join('');
}

/** Eleven digits, the same for a car every time (the sandbox has no real V5C). */
function sandboxV5cReference(vrm: string): string {
  let h = 2_166_136_261;
  for (const c of vrm) h = Math.imul(h ^ c.charCodeAt(0), 16_777_619) >>> 0;
  return String(10_000_000_000 + (h % 89_999_999_999)).slice(0, 11);
}

/**
 * The trader tells DVLA online with the V5C's document reference; DVLA's acknowledgement is all we
 * keep, and of the reference only its last four digits, which the seller can match to their V5C.
 */
export function tellDvla(vrm: string): { referenceLast4: string } {
  return { referenceLast4: sandboxV5cReference(vrm).slice(-4) };
}

export function inspect(vrm: string, profile: VehicleProfile, declaredMileage: number | null): InspectionReport {
  const finding = FINDINGS[vrm];
  const features = profile.features ?? [];
  const mileage = declaredMileage === null ? null : declaredMileage + 35;
  const history = profile.serviceHistory;
  const asDescribed: Record<CheckId, string> = {
    features: features.length ? `${features.join(', ')}: as declared` : 'No extras declared',
    'service-history': history
      ? `${history === 'full' ? 'Full' : history === 'partial' ? 'Partial' : 'No'} service history, as declared`
      : 'Not declared',
    damage: profile.issues?.items.some((i) => i.kind === 'bodywork') ? 'As declared in your profile' : 'No damage beyond wear and tear',
    faults: 'No warning lights or faults beyond those declared',
    keys: profile.keys === null ? 'Not declared' : `${profile.keys} ${profile.keys === 1 ? 'key' : 'keys'} handed over, as declared`,
    photos: 'The car matches your photos',
    mileage: mileage === null ? 'Mileage read' : `${mileage.toLocaleString('en-GB')} miles: within 200 miles of the mileage you gave`,
  };
  const checks = (Object.keys(asDescribed) as CheckId[]).map((check): Check => {
    const differs = finding?.checks[check];
    return differs ? { check, result: 'differs', detail: differs } : { check, result: 'as_described', detail: asDescribed[check] };
  });
  const items = finding?.items ?? [];
  return {
    checks,
    found: { keys: profile.keys, serviceHistory: history, mileage },
    items,
    photos: items
      .filter((item) => item.slot && Object.hasOwn(TARIFF, item.tariff))
      .map((item) => ({ slot: item.slot!, contentType: 'image/svg+xml' as const, body: collectionPhoto(item.slot!, item.detail) })),
    v5cReference: sandboxV5cReference(vrm),
  };
}
