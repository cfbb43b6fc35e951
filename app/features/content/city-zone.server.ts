import { zoneById } from '../../../contract/zones';
import type { CityPage } from '~/features/content/landing-types';

/**
 * A city page's clean air zone, named and sourced from the zones module. A server module: the zones
 * module builds its table when loaded, so the browser build keeps all of it (~2.5 KB gzip) for any
 * page that imports it, even one that only reads it in a loader (docs/performance.md).
 */
export function cityZone(city: CityPage) {
  if (!city.zone) return null;
  const zone = zoneById(city.zone.zoneId);
  return { ...city.zone, name: zone.name, sources: zone.sources };
}
