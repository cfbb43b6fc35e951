import { describe, expect, it } from 'vitest';
import { ZONES } from '../../../contract/zones';
import { CITIES } from './cities';

describe('city pages', () => {
  it("take their zone's rules and sources from the zones module, and name a zone only where it is the city's", () => {
    const ids = new Set(ZONES.map((zone) => zone.id));
    const withZones = Object.entries(CITIES).filter(([, city]) => city.zone);
    expect(withZones.map(([slug]) => slug).sort()).toEqual(['birmingham', 'bradford', 'bristol', 'edinburgh', 'glasgow', 'london', 'newcastle', 'sheffield']);
    for (const [slug, city] of withZones) {
      expect(ids.has(city.zone!.zoneId), slug).toBe(true);
      expect(ZONES.find((zone) => zone.id === city.zone!.zoneId)!.place.toLowerCase(), slug).toContain(slug);
    }
  });
});
