// The module build, which the app bundles and the patch changes: Node (and so vitest) would load
// the package's CommonJS build, as published, for '@remix-run/router'.
import { matchPath, matchRoutes, type RouteObject } from '@remix-run/router/dist/router.js';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import config from '../../remix.config.js';

/*
 * The route table as the router sees it (remix.config.js), matched by the router the app bundles,
 * patched (patches/@remix-run+router+1.23.4.patch): the patch keeps each route array's ranked
 * branches and each path's expression, and passes over branches whose first segment is fixed text
 * unlike the pathname's or whose number of segments differs, so every address must still reach the
 * route it did, and the work the patch saves must not be done.
 */
type Route = RouteObject & { id: string; children?: Route[] };

function routeTable(): Route[] {
  const root: Route = { id: 'root', path: '', children: [] };
  const parents = [root];
  type Define = (path: string | undefined, file: string, options?: { id?: string; index?: boolean }, children?: () => void) => void;
  const defineRoutes = (define: (route: Define) => void) =>
    define((path, file, options = {}, children) => {
      const route = (options.index ? { id: options.id ?? file, index: true } : { id: options.id ?? file, path }) as Route;
      const parent = parents[parents.length - 1];
      (parent.children ??= []).push(route);
      if (children) {
        route.children = [];
        parents.push(route);
        children();
        parents.pop();
      }
    });
  (config as unknown as { routes: (d: typeof defineRoutes) => void }).routes(defineRoutes);
  return [root];
}

const routes = routeTable();
const leaf = (pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route.id;
const chain = (pathname: string) => matchRoutes(routes, pathname)?.map((m) => m.route.id);

describe('route matching over the whole table', () => {
  it('takes every route by its own address, whatever the case and a trailing slash', () => {
    const addresses: [string, string][] = [];
    const walk = (list: Route[], prefix: string) => {
      for (const route of list) {
        const path = route.index ? prefix : `${prefix}/${route.path ?? ''}`.replace(/\/+/g, '/');
        const filled = path
          .replace(/\/:[\w-]+\?/g, '')
          .replace(/:vrm/, 'KE19FTA')
          .replace(/:[\w-]+/g, 'x')
          .replace(/\/\*$/, '/a/b');
        // A pathless layout, or a layout with an index, is not the page at its own address.
        if (route.path !== undefined || route.index) if (!route.children?.some((c) => c.index)) addresses.push([filled || '/', route.id]);
        if (route.children) walk(route.children, path);
      }
    };
    walk(routes, '');
    expect(addresses.length).toBeGreaterThan(80);
    for (const [address, id] of addresses) {
      expect(leaf(address), address).toBe(id);
      expect(leaf(address.toUpperCase()), address.toUpperCase()).toBe(id);
      expect(leaf(`${address}/`.replace(/\/\/$/, '/')), `${address}/`).toBe(id);
    }
  });

  it('prefers fixed addresses to a registration, and sends unknown ones to the 404 page', () => {
    expect(chain('/')).toEqual(['root', 'routes/home']);
    expect(chain('/sell-my-car')).toEqual(['root', 'landing/sell-my-car']);
    expect(chain('/KE19FTA')).toEqual(['root', 'routes/vehicle', 'routes/vehicle-index']);
    expect(chain('/ke19fta/accept-offer')).toEqual(['root', 'routes/vehicle', 'routes/sale-steps', 'routes/accept-offer']);
    expect(leaf('/KE19FTA/profile/photos/front')).toBe('routes/profile');
    expect(leaf('/KE19FTA/profile/issues/details')).toBe('routes/profile-issue-details');
    expect(leaf('/KE19FTA/profile')).toBe('routes/profile');
    // The profile is not under the sale's layout, whose progress timeline it never showed.
    expect(chain('/KE19FTA/profile/features')).toEqual(['root', 'routes/vehicle', 'routes/profile-features']);
    expect(leaf('/KE19FTA/no-such-step')).toBe('routes/not-found');
    expect(leaf('/no/such/page')).toBe('routes/not-found');
    expect(leaf('/blog/2026/11/26/a-post')).toBe('routes/blog');
    expect(leaf('/sell-my-car/brands/ford/mileage')).toBe('routes/brand-mileage');
    expect(matchRoutes(routes, '/car-value-tracker/KE19FTA')?.at(-1)?.params).toEqual({ vrm: 'KE19FTA' });
  });

  it('reaches the same routes as the unpatched router, for addresses of every length and shape', () => {
    // The package's CommonJS build is the router as published: the patch changes only the module build.
    const original = createRequire(import.meta.url)('@remix-run/router/dist/router.cjs.js') as { matchRoutes: typeof matchRoutes };
    const samples = new Set<string>(['/', '//', '///x', '/KE19FTA//offer', '/%2F', '/a%2Fb', '/ke19fta/%20', '/-', '/.']);
    const walk = (list: Route[], prefix: string) => {
      for (const route of list) {
        const path = route.index ? prefix : `${prefix}/${route.path ?? ''}`.replace(/\/+/g, '/');
        const filled = path
          .replace(/\/:[\w-]+\?/g, '')
          .replace(/:[\w-]+/g, 'KE19FTA')
          .replace(/\/\*$/, '');
        for (const base of [filled || '/', path.replace(/\?/g, '').replace(/:[\w-]+/g, 'x')]) {
          for (const extra of ['', '/x', '/x/y', '/x/y/z', '/', '//']) samples.add(`${base}${extra}`.replace(/^\/\//, '/'));
          samples.add(base.split('/').slice(0, -1).join('/') || '/');
          samples.add(base.toUpperCase());
        }
        if (route.children) walk(route.children, path);
      }
    };
    walk(routes, '');
    expect(samples.size).toBeGreaterThan(500);
    for (const address of samples) {
      const ids = (m: ReturnType<typeof matchRoutes>) => m?.map((x) => `${x.route.id} ${x.pathname} ${JSON.stringify(x.params)}`);
      expect(ids(matchRoutes(routes, address)), address).toEqual(ids(original.matchRoutes(routes, address)));
    }
    // The published router flattens and ranks the whole table on every call: ~1,100 of them take
    // seconds, more while the other test files run beside this one.
  }, 60_000);
});

/** The sources of the regular expressions built while `run` runs: the router builds one per path it compiles. */
function expressionsBuilt(run: () => void): string[] {
  const built: string[] = [];
  const original = globalThis.RegExp;
  globalThis.RegExp = new Proxy(original, {
    construct(target, args: [string | RegExp, string?]) {
      built.push(String(args[0]));
      return Reflect.construct(target, args);
    },
  });
  try {
    run();
  } finally {
    globalThis.RegExp = original;
  }
  return built;
}

/** A copy of a route table whose routes count how often their `path` is read (the router reads it only to flatten the table). */
function countingPathReads(list: Route[]): { routes: Route[]; reads: () => number } {
  let reads = 0;
  const copy = (routes: Route[]): Route[] =>
    routes.map(({ path, children, ...rest }) => {
      const route = { ...rest, ...(children ? { children: copy(children) } : {}) } as Route;
      Object.defineProperty(route, 'path', { enumerable: true, get: () => (reads++, path) });
      return route;
    });
  return { routes: copy(list), reads: () => reads };
}

describe('what the router patch saves', () => {
  it('flattens and ranks a route table once, however often it is matched', () => {
    const table = countingPathReads(routes);
    expect(leafOf(table.routes, '/KE19FTA')).toBe('routes/vehicle-index');
    const afterFirst = table.reads();
    expect(afterFirst).toBeGreaterThan(100);
    for (const address of ['/', '/sell-my-car', '/KE19FTA/accept-offer', '/no/such/page']) leafOf(table.routes, address);
    expect(table.reads()).toBe(afterFirst);
  });

  it("builds each path's expression once", () => {
    const pattern = { path: '/kept-once/:vrm/offer', caseSensitive: false, end: true };
    expect(expressionsBuilt(() => matchPath(pattern, '/kept-once/KE19FTA/offer'))).toHaveLength(1);
    expect(expressionsBuilt(() => matchPath(pattern, '/kept-once/KD15DSL/offer'))).toEqual([]);
    leaf('/KE19FTA/accept-offer');
    expect(expressionsBuilt(() => leaf('/KE19FTA/accept-offer'))).toEqual([]);
  });

  it('passes over a branch of another first segment or another number of segments without running its expression', () => {
    const table: Route[] = [
      {
        id: 'root',
        path: '',
        children: [
          { id: 'other-first', path: 'passed-over-first/:x' },
          { id: 'other-count', path: ':vrm/passed-over-longer/:y' },
          { id: 'splat', path: 'passed-over-splat/*' },
          { id: 'vrm', path: ':vrm' },
        ],
      },
    ];
    // The longer branch starts with a parameter, so only its length passes it over; the splat's
    // length fits, so only its first segment passes it over.
    const built = expressionsBuilt(() => expect(leafOf(table, '/KE19FTA')).toBe('vrm'));
    expect(built.filter((source) => source.includes('passed-over'))).toEqual([]);
    // The branches passed over still match their own addresses.
    expect(leafOf(table, '/passed-over-first/1')).toBe('other-first');
    expect(leafOf(table, '/KE19FTA/passed-over-longer/1')).toBe('other-count');
    expect(leafOf(table, '/passed-over-splat/a/b/c')).toBe('splat');
  });
});

function leafOf(table: Route[], pathname: string) {
  return matchRoutes(table, pathname)?.at(-1)?.route.id;
}
