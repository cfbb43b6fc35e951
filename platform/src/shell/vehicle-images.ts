import type { endpoints } from '../../../contract/endpoints';
import { svgResponse } from '../http';
import type { TypedHandler } from '../router';

/**
 * Generated vehicle illustrations (137×124, docs/behaviour/entry.md#constants) by body type and colour. Recent sales show
 * these rather than the sellers' own photos: those show the plate and the seller's drive, and were
 * given for the dealers' eyes only.
 */

export const BODY_KEYS = ['hatchback', 'saloon', 'estate', 'suv', 'mpv', 'coupe', 'convertible', 'van', 'pickup', 'motorcycle'] as const;
export type BodyKey = (typeof BODY_KEYS)[number];

/** The colours DVLA records, lower-cased, with the paint each is drawn in. */
export const COLOUR_HEX = {
  beige: '#d8c6a0',
  black: '#24272b',
  blue: '#2f5fa7',
  bronze: '#9a6a35',
  brown: '#6d4a30',
  cream: '#eee4c6',
  gold: '#c8a23c',
  green: '#2f7a4b',
  grey: '#7b8088',
  maroon: '#78202c',
  orange: '#e2742a',
  pink: '#e38fb0',
  purple: '#6a3e8e',
  red: '#c7302b',
  silver: '#c2c6cb',
  turquoise: '#2aa39e',
  white: '#f6f6f3',
  yellow: '#ecc530',
} as const;
export type ColourKey = keyof typeof COLOUR_HEX;

const isColourKey = (value: string): value is ColourKey => Object.hasOwn(COLOUR_HEX, value);
const isBodyKey = (value: string): value is BodyKey => (BODY_KEYS as readonly string[]).includes(value);

// First match wins: "Panel Van" before anything else, and "Station Wagon" means the old 4x4s the
// register records under that name (Land Rover Series), not an estate car.
const BODY_WORDS: [RegExp, BodyKey][] = [
  [/motorcycle|motorbike|scooter|moped/, 'motorcycle'],
  [/pick-?up/, 'pickup'],
  [/\bvan\b|panel/, 'van'],
  [/convertible|roadster|cabriolet|spyder|spider/, 'convertible'],
  [/coup[eé]/, 'coupe'],
  [/estate|tourer|touring/, 'estate'],
  [/mpv|people carrier/, 'mpv'],
  [/suv|4x4|station wagon|crossover|off-road/, 'suv'],
  [/saloon|sedan|limousine/, 'saloon'],
  [/hatch/, 'hatchback'],
];

/** The drawing for a register body ('Panel Van', 'Roadster'…), else one for the kind of vehicle. */
export function bodyKeyOf(body: string, vehicleType?: string): BodyKey {
  const text = body.toLowerCase();
  for (const [pattern, key] of BODY_WORDS) if (pattern.test(text)) return key;
  if (vehicleType === 'van') return 'van';
  if (vehicleType === 'motorcycle') return 'motorcycle';
  return 'hatchback';
}

/** 'SILVER' → 'silver'; colours without one paint (MULTI-COLOUR, NOT STATED) are drawn grey. */
export function colourKeyOf(colour: string): ColourKey {
  const key = colour.trim().toLowerCase();
  return isColourKey(key) ? key : 'grey';
}

export function vehicleImagePath(body: string, colour: string, vehicleType?: string): string {
  return `/platform/images/vehicles/${bodyKeyOf(body, vehicleType)}-${colourKeyOf(colour)}.svg`;
}

/** 'hatchback-blue.svg' → its parts; anything else (other names, other extensions, upper case) → null. */
export function parseVehicleImageName(file: string): { body: BodyKey; colour: ColourKey } | null {
  const match = /^([a-z]+)-([a-z]+)\.svg$/.exec(file);
  if (!match || !isBodyKey(match[1]!) || !isColourKey(match[2]!)) return null;
  return { body: match[1], colour: match[2] };
}

interface Shape {
  body: string;
  glass?: string;
  /** Drawn over the body in a dark trim colour (seats, door lines, a motorcycle's frame). */
  trim?: string;
  wheels: [number, number];
  radius?: number;
}

// Side views facing right, standing on y = 97. Hand-drawn coordinates; the glass sits inside the
// body outline so the outline stroke reads as the window frame.
const SHAPES: Record<BodyKey, Shape> = {
  hatchback: { body: 'M18 86V63L26 43H71L90 59L113 63Q119 64 119 71V86Z', glass: 'M28 47H48V59H22ZM51 47H69L83 59H51Z', wheels: [38, 99] },
  saloon: {
    body: 'M14 86V67Q14 61 21 61H35L49 45H80L97 59L118 63Q123 64 123 71V86Z',
    glass: 'M38 59L50 48H63V59ZM66 48H79L92 59H66Z',
    wheels: [36, 101],
  },
  estate: {
    body: 'M14 86V60L20 44H80L97 59L118 63Q123 64 123 71V86Z',
    glass: 'M22 48H46V59H17ZM49 48H64V59H49ZM67 48H79L91 59H67Z',
    wheels: [36, 101],
  },
  suv: {
    body: 'M15 84V52L21 35H83L98 52L116 56Q122 57 122 64V84Z',
    glass: 'M23 39H50V52H18ZM53 39H81L92 52H53Z',
    wheels: [36, 101],
    radius: 13,
  },
  mpv: {
    body: 'M15 86V50Q15 36 28 36H72L104 59L116 62Q122 63 122 70V86Z',
    glass: 'M21 41H44V56H17ZM47 41H70L91 56H47Z',
    wheels: [37, 100],
  },
  coupe: { body: 'M16 86V69Q16 62 24 60L45 48H70L89 60L117 63Q123 64 123 72V86Z', glass: 'M34 59L47 51H68L80 59Z', wheels: [37, 102] },
  convertible: {
    body: 'M16 86V68Q16 61 24 61H83L91 49H94L90 61H96L117 64Q123 65 123 72V86Z',
    trim: 'M48 61V53Q48 50 51 50H54V61ZM66 61V53Q66 50 69 50H72V61Z',
    wheels: [37, 102],
  },
  van: {
    body: 'M12 86V30Q12 25 17 25H86Q92 25 96 31L108 52L119 56Q124 58 124 66V86Z',
    glass: 'M87 31H92L103 52H87Z',
    trim: 'M62 31H64V80H62Z',
    wheels: [32, 104],
  },
  pickup: { body: 'M12 86V58H60V38Q60 35 63 35H84L97 55L117 59Q123 60 123 67V86Z', glass: 'M65 39H82L93 55H65Z', wheels: [34, 102] },
  motorcycle: {
    body: 'M30 54L42 52H60Q64 46 76 46Q86 46 90 56L84 62H60L56 60H38Z',
    trim: 'M58 64H80V80H58ZM31 82L33 84L61 75L59 73ZM103 84L105 82L94 46L92 48ZM92 46L86 43L85 45L91 48Z',
    wheels: [32, 104],
    radius: 14,
  },
};

function darken(hex: string, by: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.round(((n >> shift) & 255) * (1 - by));
  return `#${((channel(16) << 16) | (channel(8) << 8) | channel(0)).toString(16).padStart(6, '0')}`;
}

export function vehicleSvg(body: BodyKey, colour: ColourKey): string {
  const shape = SHAPES[body];
  const paint = COLOUR_HEX[colour];
  const line = darken(paint, 0.35);
  const r = shape.radius ?? 11;
  const cy = 97 - r;
  const wheel = (cx: number) =>
    body === 'motorcycle'
      ? `<circle cx="${cx}" cy="${cy}" r="${r - 2.5}" fill="none" stroke="#23272b" stroke-width="5"/><circle cx="${cx}" cy="${cy}" r="3" fill="#9aa1a9"/>`
      : `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#23272b"/><circle cx="${cx}" cy="${cy}" r="${Math.round(r / 2.2)}" fill="#c5cbd2"/>`;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 137 124" width="137" height="124">',
    `<title>${colour[0]!.toUpperCase()}${colour.slice(1)} ${body}</title>`,
    '<rect width="137" height="124" fill="#eef2f6"/>',
    // Cars are lower than they are long: lifting the drawing centres it in the frame.
    '<g transform="translate(0 -6)">',
    '<ellipse cx="68.5" cy="97" rx="57" ry="4" fill="#d3d9e0"/>',
    `<path d="${shape.body}" fill="${paint}" stroke="${line}" stroke-width="1.5" stroke-linejoin="round"/>`,
    shape.glass ? `<path d="${shape.glass}" fill="#cddfeb" stroke="${line}" stroke-linejoin="round"/>` : '',
    shape.trim ? `<path d="${shape.trim}" fill="#3a3f45"/>` : '',
    wheel(shape.wheels[0]),
    wheel(shape.wheels[1]),
    '</g></svg>',
  ].join('');
}

/** GET /platform/images/vehicles/:file ({body}-{colour}.svg) */
export const vehicleImage: TypedHandler<typeof endpoints.shell.vehicleImage> = async ({ params }, ctx) => {
  const name = parseVehicleImageName(params.file);
  if (!name) return ctx.outcome({ status: 404, code: 'not_found', message: 'No such image' });
  return ctx.raw(svgResponse(vehicleSvg(name.body, name.colour)));
};
