import { normalisePostcode } from '../../../contract/contact-rules';
import { json, errorResponse } from '../http';
import { fnv1a } from '../util';

/**
 * The address-lookup provider, simulated: for a postcode it suggests the addresses a real
 * provider would (a few house numbers on a street in that postcode's town), the same every time.
 */
const TOWNS: Record<string, string> = {
  B: 'Birmingham',
  BS: 'Bristol',
  CF: 'Cardiff',
  EH: 'Edinburgh',
  G: 'Glasgow',
  L: 'Liverpool',
  LS: 'Leeds',
  M: 'Manchester',
  NE: 'Newcastle upon Tyne',
  NG: 'Nottingham',
  S: 'Sheffield',
  SO: 'Southampton',
  BT: 'Belfast',
  CV: 'Coventry',
  DE: 'Derby',
  LE: 'Leicester',
  LN: 'Lincoln',
  BD: 'Bradford',
  BN: 'Brighton',
  DN: 'Doncaster',
};
const STREETS = [
  'Park Road',
  'Station Road',
  'Church Street',
  'Victoria Road',
  'Mill Lane',
  'Queens Avenue',
  'Highfield Close',
  'Orchard Way',
];

export interface AddressSuggestion {
  id: string;
  text: string;
}

export function suggestAddresses(input: string): AddressSuggestion[] {
  const postcode = normalisePostcode(input);
  if (!postcode) return [];
  const area = /^[A-Z]{1,2}/.exec(postcode)![0];
  const town = TOWNS[area] ?? 'London';
  const street = STREETS[fnv1a(postcode) % STREETS.length]!;
  const first = 1 + (fnv1a(`${postcode}#`) % 40);
  return Array.from({ length: 6 }, (_, i) => {
    const number = first + i * 2;
    return { id: `${postcode.replace(' ', '')}-${number}`, text: `${number} ${street}, ${town} ${postcode}` };
  });
}

export function addressById(id: string): AddressSuggestion | null {
  const match = /^([A-Z0-9]{5,7})-(\d{1,3})$/.exec(id);
  if (!match) return null;
  return suggestAddresses(match[1]!).find((s) => s.id === id) ?? null;
}

/** GET /platform/location/address/suggestions?input={postcode} */
export async function addressSuggestions(request: Request): Promise<Response> {
  return json({ suggestions: suggestAddresses(new URL(request.url).searchParams.get('input') ?? '') });
}

/** GET /platform/location/address/:id */
export async function getAddress(
  _request: Request,
  _env: unknown,
  _ctx: ExecutionContext,
  params: Record<string, string>,
): Promise<Response> {
  const address = addressById(params.id ?? '');
  return address ? json(address) : errorResponse(404, 'address_not_found', 'No such address');
}
