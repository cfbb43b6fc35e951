import { normalisePostcode } from '../../../contract/contact-rules';
import type { endpoints } from '../../../contract/endpoints';
import type { TypedHandler } from '../router';
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
export const addressSuggestions: TypedHandler<typeof endpoints.sale.addressSuggestions> = async ({ query }) => ({
  suggestions: suggestAddresses(query.input),
});

/** GET /platform/location/address/:id */
export const getAddress: TypedHandler<typeof endpoints.sale.address> = async ({ params }, ctx) =>
  addressById(params.id) ?? ctx.outcome({ status: 404, code: 'address_not_found', message: 'No such address' });
