import { describe, expect, it } from 'vitest';
import { DEFAULT_FLAGS, flagsFor, routeFlags } from './route-flags';

describe('route flags', () => {
  it('gives the defaults to a route that declares nothing', () => {
    expect(flagsFor([{ handle: undefined }, {}])).toEqual(DEFAULT_FLAGS);
  });

  it('lets the deepest match override its parents', () => {
    const flags = flagsFor([
      { handle: routeFlags({ noRobots: true, hideFooter: true }) },
      { handle: routeFlags({ hideFooter: false, lookupVariant: 'brand' }) },
    ]);
    expect(flags).toMatchObject({ noRobots: true, hideFooter: false, lookupVariant: 'brand', zendeskWidget: true });
  });

  it("adds flags a page's data asks for, after the route's own", () => {
    const handle = { flags: { stickyVrm: true }, flagsFrom: (data: unknown) => (data as { flags?: object }).flags };
    expect(flagsFor([{ handle, data: { flags: { useUlezVrmChecker: true } } }])).toMatchObject({
      stickyVrm: true,
      useUlezVrmChecker: true,
    });
    expect(flagsFor([{ handle, data: undefined }])).toMatchObject({ stickyVrm: true });
  });

  it('ignores handles that are not flag holders', () => {
    expect(flagsFor([{ handle: 'x' }, { handle: { other: 1 } }])).toEqual(DEFAULT_FLAGS);
  });
});
