import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from './support/browser';
import { redirectTargets } from './support/redirect-targets';
import { signUp, uniqueEmail, valueCar } from './support/sellers';
import { startWorkers, type Workers } from './support/workers';

/**
 * No redirect leaves the site (contract/safe-redirect.ts): generated targets, built from the pieces
 * open-redirect bypasses are made of, thrown at every path that answers with a redirect built from
 * input — the request's own path, a query parameter, a form field, a Referer, a path segment, a
 * sign-in link's stored target. Every Location must resolve, from the address that was asked for,
 * to this site, and again from where it lands. The plain pages answered before Remix runs carry the
 * page CSP and no link taken from the request. FUZZ_RUNS sets the targets per path (40 by
 * default: the rule itself takes thousands of targets in contract/safe-redirect.test.ts, so here
 * each path only has to show it goes through the rule); FUZZ_SEED repeats a run fast-check reported.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const ORIGIN = 'http://localhost';
const OPTIONS = { numRuns: RUNS, seed: SEED };
/** For the properties whose every run signs a seller in or reads their sale on the platform. */
const SLOW_OPTIONS = { numRuns: Math.max(1, Math.ceil(RUNS / 4)), seed: SEED };

let workers: Workers;
let visitor: Browser;
let seller: Browser;
let sellerId: number;
/** A pair whose app refuses its configuration (a development secret in production): the plain 500. */
let broken: Workers;

beforeAll(async () => {
  [workers, broken] = await Promise.all([
    startWorkers({ platformVars: { LOOKUP_RATE_LIMIT: '100000' } }),
    startWorkers({ appVars: { ENVIRONMENT: 'production' } }),
  ]);
  visitor = new Browser(workers.fetch, { ip: '198.51.100.1' });
  seller = new Browser(workers.fetch, { ip: '198.51.100.2' });
  await valueCar(seller);
  const email = uniqueEmail('redirects');
  expect((await signUp(seller, email)).status).toBe(302);
  sellerId = (await workers.db.prepare('SELECT id FROM users WHERE email = ?1').bind(email).first<{ id: number }>())!.id;
}, 60_000);
afterAll(() => Promise.all([workers?.dispose(), broken?.dispose()]));

/** A generated target as the path of a request to us: `//evil.example`, `/\evil.example`, … */
const requestPaths = redirectTargets
  .map((target) => {
    try {
      const url = new URL(`${ORIGIN}${target.startsWith('/') || target.startsWith('\\') ? '' : '/'}${target}`);
      return url.origin === ORIGIN ? url.pathname + url.search : null;
    } catch {
      return null;
    }
  })
  .filter((path): path is string => path !== null);

/** Where a browser that asked for `requested` goes with this answer's Location, if it has one. */
function expectStaysOnSite(response: Response, requested: string) {
  const location = response.headers.get('location');
  if (location === null) return;
  const from = new URL(`${ORIGIN}${requested}`);
  const landed = new URL(location, from);
  expect(landed.origin, `${requested} → ${location}`).toBe(ORIGIN);
  expect(new URL(location, landed).origin, `${requested} → ${location}, from where it landed`).toBe(ORIGIN);
  // Proxies decode %2f: the path must not turn into `//host` either.
  expect(decodeAscii(landed.pathname), `${requested} → ${location}`).not.toMatch(/^[/\\][/\\]/);
}

/** Percent-decoding of the ASCII escapes (the ones that can spell a slash or a backslash). */
function decodeAscii(path: string): string {
  return path.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A single-fetch data request's redirect travels in its body: its target, if it is one. */
async function dataRedirect(response: Response): Promise<string | null> {
  if (response.status !== 202) return null;
  const body = await response.text();
  const match = /"redirect",("(?:[^"\\]|\\.)*")/.exec(body);
  return match ? (JSON.parse(match[1]!) as string) : null;
}

/** The value of a hidden input, unescaped as the browser reads it. */
function hiddenValue(html: string, name: string): string | null {
  const match =
    new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html) ??
    new RegExp(`<input[^>]*value="([^"]*)"[^>]*name="${name}"`).exec(html);
  return match ? unescapeHtml(match[1]!) : null;
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** A link or form target on a page answered for `requested`: it must resolve to this site. */
function expectLinkOnSite(href: string, requested: string) {
  const resolved = new URL(href, `${ORIGIN}${requested}`);
  expect(resolved.origin, `${requested}: ${href}`).toBe(ORIGIN);
}

describe('the request’s own path', () => {
  it('is never a Location off the site when sensitive parameters are taken out of it', async () => {
    await fc.assert(
      fc.asyncProperty(requestPaths, fc.constantFrom('token', 'username', 'authorization_code'), async (path, name) => {
        const requested = `${path}${path.includes('?') ? '&' : '?'}${name}=secret`;
        const response = await visitor.get(requested);
        expectStaysOnSite(response, requested);
      }),
      OPTIONS,
    );
  });

  it('answers the reported attacks with a Location on the site', async () => {
    for (const requested of ['//evil.example/?token=1', '/\\evil.example/?username=x', '/.//evil.example/?token=1']) {
      const response = await visitor.get(requested);
      expect(response.status, requested).toBe(302);
      expect(response.headers.get('location'), requested).toBe('/');
    }
  });

  it('is never a Location off the site when another tab’s sign-out marker is taken out of it', async () => {
    await fc.assert(
      fc.asyncProperty(requestPaths, async (path) => {
        const requested = `${path}${path.includes('?') ? '&' : '?'}logout=broadcast`;
        expectStaysOnSite(await visitor.get(requested), requested);
      }),
      OPTIONS,
    );
  });
});

describe('redirectTo on the sign-in pages', () => {
  for (const page of ['/sign-in', '/car-value-tracker/sign-in']) {
    it(`${page}: signed in, the redirect stays on the site (documents and data requests)`, async () => {
      await fc.assert(
        fc.asyncProperty(redirectTargets, fc.boolean(), async (target, asData) => {
          if (!asData) {
            const requested = `${page}?redirectTo=${encodeURIComponent(target)}`;
            const response = await seller.get(requested);
            expect(response.status, requested).toBe(302);
            expectStaysOnSite(response, requested);
            return;
          }
          const data = `${page}.data?redirectTo=${encodeURIComponent(target)}`;
          const location = await dataRedirect(await seller.get(data));
          expect(location, data).not.toBeNull();
          expectStaysOnSite(new Response(null, { status: 302, headers: { location: location! } }), data);
        }),
        OPTIONS,
      );
    });

    it(`${page}: signed out, the form carries on only a target on the site`, async () => {
      await fc.assert(
        fc.asyncProperty(redirectTargets, async (target) => {
          const requested = `${page}?redirectTo=${encodeURIComponent(target)}`;
          const response = await visitor.get(requested);
          expect(response.status, requested).toBe(200);
          const value = hiddenValue(await response.text(), 'redirectTo');
          expect(value, requested).not.toBeNull();
          expectLinkOnSite(value!, requested);
          expectStaysOnSite(new Response(null, { status: 302, headers: { location: value! } }), requested);
        }),
        OPTIONS,
      );
    });
  }

  it('signed in, /.//evil.example is refused (the reported attack)', async () => {
    for (const page of ['/sign-in', '/car-value-tracker/sign-in']) {
      const location = (await seller.get(`${page}?redirectTo=/.//evil.example`)).headers.get('location');
      expect(location, page).not.toMatch(/^\/[/\\]/);
      expect(new URL(location!, ORIGIN).origin).toBe(ORIGIN);
    }
  });
});

describe('sign-in links', () => {
  it('the platform stores only a target on the site, whatever it is asked for', async () => {
    const email = (await workers.db.prepare('SELECT email FROM users WHERE id = ?1').bind(sellerId).first<{ email: string }>())!.email;
    await fc.assert(
      fc.asyncProperty(redirectTargets, async (target) => {
        // The link limits are not what this is about.
        await workers.db.prepare('DELETE FROM rate_limits').run();
        const response = await workers.platform('/platform/seller/generateOneTimeToken', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-client-ip': '198.51.100.3' },
          body: JSON.stringify({ email, redirectTo: target, linkBase: ORIGIN }),
        });
        expect(response.status, await response.clone().text()).toBe(202);
        const { redirect_to } = (await workers.db
          .prepare('SELECT redirect_to FROM sign_in_links WHERE user_id = ?1 ORDER BY rowid DESC LIMIT 1')
          .bind(sellerId)
          .first<{ redirect_to: string }>())!;
        expectStaysOnSite(new Response(null, { status: 302, headers: { location: redirect_to } }), '/auth/verify');
      }),
      SLOW_OPTIONS,
    );
  });

  it('/auth/verify sends the seller only to a target on the site, even one stored unchecked', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(redirectTargets, async (target) => {
        const token = `redirects-test-${++n}-${Math.random()}`;
        await workers.db
          .prepare('INSERT INTO sign_in_links (token_hash, user_id, redirect_to, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)')
          .bind(
            createHash('sha256').update(token).digest('base64url'),
            sellerId,
            target,
            '2000-01-01T00:00:00.000Z',
            '2999-01-01T00:00:00.000Z',
          )
          .run();
        const browser = new Browser(workers.fetch, { ip: '198.51.100.4' });
        const requested = `/auth/verify?token=${encodeURIComponent(token)}`;
        const response = await browser.post(requested, { token });
        expect(response.status, requested).toBe(302);
        expect(response.headers.get('location')).not.toBe('/token-expired');
        expectStaysOnSite(response, requested);
      }),
      SLOW_OPTIONS,
    );
  });
});

describe('returnTo and the Referer', () => {
  for (const action of ['/cookie-consent', '/sticky-vrm']) {
    it(`${action} goes back only to a page of this site`, async () => {
      await fc.assert(
        // Without a returnTo (or with one refused), the Referer decides.
        fc.asyncProperty(
          fc.option(redirectTargets),
          requestPaths,
          fc.constantFrom('accept', 'reject', ''),
          async (returnTo, refererPath, choice) => {
            const form: Record<string, string> = returnTo === null ? { choice } : { returnTo, choice };
            const response = await workers.fetch(action, {
              method: 'POST',
              headers: {
                'content-type': 'application/x-www-form-urlencoded',
                referer: `${ORIGIN}${refererPath}`,
                'cf-connecting-ip': '198.51.100.5',
              },
              body: new URLSearchParams(form).toString(),
            });
            expect(response.status, `${action} ${JSON.stringify(form)} from ${refererPath}`).toBe(303);
            expectStaysOnSite(response, action);
          },
        ),
        OPTIONS,
      );
    });
  }
});

describe('a registration in the path', () => {
  /** A generated target as one path segment, as a browser or an attacker's link encodes it. */
  const segments = redirectTargets.filter((target) => target.length > 0).map((target) => `/${encodeURIComponent(target)}`);

  it('/{vrm}/sign-up and /{vrm}/ineligible lead only to a page of this site', async () => {
    await fc.assert(
      fc.asyncProperty(segments, fc.constantFrom('sign-up', 'ineligible'), async (segment, step) => {
        const requested = `${segment}/${step}`;
        expectStaysOnSite(await visitor.get(requested), requested);
      }),
      OPTIONS,
    );
  });

  it('a signed-in seller’s sale steps and relisting lead only to a page of this site', async () => {
    await fc.assert(
      fc.asyncProperty(segments, async (segment) => {
        const step = `${segment}/accept-offer`;
        expectStaysOnSite(await seller.get(step), step);
        const relist = `${segment}?index`;
        expectStaysOnSite(await seller.post(relist, { intent: 'relist' }), relist);
      }),
      SLOW_OPTIONS,
    );
  });

  it('answers %5C (a backslash) in the registration with a path on the site', async () => {
    const response = await visitor.get('/%5Cevil.example/sign-up');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/');
  });
});

/** Plain pages: the CSP and security headers of every page, and no link that leaves the site. */
function expectSafePlainPage(response: Response, html: string, requested: string) {
  const csp = response.headers.get('content-security-policy');
  expect(csp, requested).toMatch(/default-src 'self'/);
  expect(csp).toMatch(/frame-ancestors 'none'/);
  expect(csp).toMatch(/base-uri 'none'/);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(html).not.toMatch(/<script/i);
  // The page's one style element is allowed by the policy's nonce, so it renders as designed.
  const nonce = /style-src 'self' 'nonce-([^']+)'/.exec(csp!)?.[1];
  expect(html).toContain(`<style nonce="${nonce}">`);
  expect(html).not.toContain('evil.example');
  for (const [, href] of html.matchAll(/href="([^"]*)"/g)) {
    const resolved = new URL(unescapeHtml(href!), `${ORIGIN}${requested}`);
    // The help centre is ours, elsewhere (configuration); nothing else may leave the site.
    if (resolved.origin !== ORIGIN) expect(resolved.hostname, `${requested}: ${href}`).toMatch(/(^|\.)kerbside\.co\.uk$|help/);
  }
}

const PLAIN_PAGE_PATHS = ['//evil.example', '//evil.example/', '/\\evil.example/form', '/.//evil.example', '//evil.example/.data'];

describe('plain pages answered before Remix runs', () => {
  it.each(PLAIN_PAGE_PATHS)('a cross-site post to %s: 403 with the page CSP and no link off the site', async (requested) => {
    const response = await workers.fetch(requested, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect(response.status).toBe(403);
    expectSafePlainPage(response, await response.text(), requested);
  });

  it.each(PLAIN_PAGE_PATHS)('a post to %s that is not a form: 415 with the page CSP, and "Go" leads home', async (requested) => {
    const response = await workers.fetch(requested, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(415);
    const html = await response.text();
    expectSafePlainPage(response, html, requested);
    expect(html).toContain('<a href="/">');
  });

  it.each(PLAIN_PAGE_PATHS)('a form to %s that cannot be read: 400 with the page CSP and no link off the site', async (requested) => {
    const response = await workers.fetch(requested, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=----cut' },
      body: '------cut\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end',
    });
    expect(response.status).toBe(400);
    expectSafePlainPage(response, await response.text(), requested);
  });
});

describe('the plain 500 page (a configuration the app refuses)', () => {
  it.each(PLAIN_PAGE_PATHS)('GET %s: 500 with the page CSP and no link off the site', async (requested) => {
    const response = await broken.fetch(requested);
    expect(response.status).toBe(500);
    expectSafePlainPage(response, await response.text(), requested);
  });
});
