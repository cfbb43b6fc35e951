import { describe, expect, it } from 'vitest';
import { errorTitle, pageMeta } from './meta';
import { routeFlags } from './route-flags';

const root = { id: 'root', data: { brandName: 'Kerbside' } };

describe('pageMeta', () => {
  it('adds the brand suffix to titles', () => {
    expect(pageMeta([root], { title: 'Reviews' })).toEqual([{ title: 'Reviews | Kerbside' }]);
  });

  it('leaves the title alone where the spec says so, and adds the description', () => {
    expect(pageMeta([root], { title: 'Sell your car the Kerbside way', suffix: false, description: 'd' })).toEqual([
      { title: 'Sell your car the Kerbside way' },
      { name: 'description', content: 'd' },
    ]);
  });

  it('hides a page from search engines when a route on the way says noRobots', () => {
    const matches = [
      root,
      { id: 'routes/vehicle', data: null, handle: routeFlags({ noRobots: true }) },
      { id: 'routes/vehicle-index', data: null },
    ];
    expect(pageMeta(matches, { title: 'Vehicle' })).toContainEqual({ name: 'robots', content: 'noindex' });
    expect(pageMeta([root], { title: 'Reviews' })).not.toContainEqual({ name: 'robots', content: 'noindex' });
  });

  it('titles a 500 as an error, a 404 as not found, and suffixes both even on the home page', () => {
    const crashed = [root, { id: 'routes/home', data: undefined, error: new Error('boom') }];
    expect(pageMeta(crashed, { title: 'Sell your car', suffix: false, description: 'd' })).toEqual([
      { title: 'Sorry, something went wrong | Kerbside' },
      { name: 'robots', content: 'noindex' },
    ]);
    const missing = [root, { id: 'routes/x', data: undefined, error: { status: 404, data: 'Not Found' } }];
    expect(errorTitle(missing)).toBe('Page not found');
    const noVehicle = [root, { id: 'routes/vehicle', data: undefined, error: { status: 404, data: { kind: 'vehicle_not_found' } } }];
    expect(errorTitle(noVehicle)).toBe('Vehicle not found');
  });
});
