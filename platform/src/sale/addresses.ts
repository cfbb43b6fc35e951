import { normalisePostcode } from '../../../contract/contact-rules';
import { json, errorResponse } from '../http';
import type { PlatformRouter } from './ownership';
import { fnv1a } from '../util';

/**
 * The address-lookup provider, simulated: for a postcode it suggests the addresses a real
 * provider would (a few house numbers on a street in that postcode's town), the same every time.
 */
const TOWNS: Record<string, string> = {
  B: 'Birmingham', BS: 'Bristol', CF: 'Cardiff', EH: 'Edinburgh', G: 'Glasgow', L: 'Liverpool', LS: 'Leeds', M: 'Manchester',
  NE: 'Newcastle upon Tyne', NG: 'Nottingham', S: 'Sheffield', SO: 'Southampton', BT: 'Belfast', CV: 'Coventry', DE: 'Derby',
  LE: 'Leicester', LN: 'Lincoln', BD: 'Bradford', BN: 'Brighton', DN: 'Doncaster',
};
const STREETS = ['Park Road', 'Station Road', 'Church Street', 'Victoria Road', 'Mill Lane', 'Queens Avenue', 'Highfield Close', 'Orchard Way'];

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

export function registerAddressRoutes(router: PlatformRouter): void {
  router
    .on('GET', '/platform/location/address/suggestions', async (request) =>
      json({ suggestions: suggestAddresses(new URL(request.url).searchParams.get('input') ?? '') }),
    )
    .on('GET', '/platform/location/address/:id', async (_request, _env, _ctx, params) => {
      const address = addressById(params.id ?? '');
      return address ? json(address) : errorResponse(404, 'address_not_found', 'No such address');
    });
}
