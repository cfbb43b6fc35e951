import { describe, expect, it } from 'vitest';
import { addressById, suggestAddresses } from './addresses';

describe('the simulated address lookup', () => {
  it('suggests the same addresses in the postcode’s town every time', () => {
    const first = suggestAddresses('ls1 4dy');
    expect(first).toHaveLength(6);
    expect(first[0]!.text).toMatch(/^\d+ [A-Z][a-z]+ (Road|Street|Lane|Avenue|Close|Way), Leeds LS1 4DY$/);
    expect(suggestAddresses('LS14DY')).toEqual(first);
  });

  it('finds an address by its id, and nothing for a bad postcode', () => {
    const [one] = suggestAddresses('M1 1AE');
    expect(addressById(one!.id)).toEqual(one);
    expect(suggestAddresses('not a postcode')).toEqual([]);
    expect(addressById('nonsense')).toBeNull();
  });
});
