import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHORT_LINK_CODE } from '../contract/short-links';
import { createShortLink, newShortLinkCode } from '../platform/src/notify/short-links';
import { Browser, mainText } from './support/browser';
import { redirectTargets } from './support/redirect-targets';
import { startWorkers, type Workers } from './support/workers';

/**
 * Short links in texts (docs/notifications.md#short-links): `/s/{code}` sends the seller on to the
 * page with a 302 until the link expires; an expired or unknown code is a page in the site's frame
 * that says so and offers a way on; and nothing, not even a hostile path in the table, sends anyone
 * off the site. Links are made with the platform's own module, on the platform's clock.
 */
const ORIGIN = 'http://localhost';
const HOUR = 60 * 60 * 1000;
let workers: Workers;

beforeAll(async () => {
  workers = await startWorkers();
}, 60_000);
afterAll(() => workers?.dispose());

const makeLink = async (path: string, ttlMs = 48 * HOUR) => createShortLink(workers.db, path, { now: await workers.clock.now(), ttlMs });

/** A code of the right shape that no link has: every character from the alphabet. */
const NEVER_MADE = 'ZZZZzzzz99';

describe('a short link', () => {
  it('sends the seller to the page it was made for, with nothing cached', async () => {
    const code = await makeLink('/KE19FTA/accept-offer?from=sms');
    expect(code).toMatch(SHORT_LINK_CODE);
    const response = await new Browser(workers.fetch).get(`/s/${code}`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/KE19FTA/accept-offer?from=sms');
    expect(response.headers.get('cache-control')).toMatch(/\bno-store\b/);
  });

  it('works until it expires, then says so with a way on', async () => {
    const code = await makeLink('/account', 2 * HOUR);
    await workers.clock.advance(2 * HOUR - 1000);
    const before = await new Browser(workers.fetch).get(`/s/${code}`);
    expect(before.status).toBe(302);
    expect(before.headers.get('location')).toBe('/account');

    await workers.clock.advance(1000);
    const after = await new Browser(workers.fetch).get(`/s/${code}`);
    expect(after.status).toBe(410);
    expect(after.headers.get('location')).toBeNull();
    expect(after.headers.get('cache-control')).toMatch(/\bno-store\b/);
    const html = await after.text();
    const text = mainText(html);
    expect(text).toContain('This link has expired');
    expect(text).toContain('Sign in to see your sale');
    expect(html).toMatch(/<a[^>]*href="\/sign-in"/);
    expect(html).toMatch(/<a[^>]*href="\/"/);
    // In the site's frame: the header and footer are there.
    expect(html).toContain('<header');
    expect(html).toContain('<footer');
    expect(html).toMatch(/<title>[^<]*This link has expired/);
  });

  it('is deleted by the daily Cron Trigger 90 days after it expired, and is then not recognised', async () => {
    const code = await makeLink('/account', 2 * HOUR);
    const fresh = await makeLink('/account', 120 * 24 * HOUR);
    const count = async (c: string) => workers.db.prepare('SELECT count(*) AS n FROM short_links WHERE code = ?1').bind(c).first('n');
    await workers.runScheduled(new Date((await workers.clock.now()).getTime() + 2 * HOUR + 89 * 24 * HOUR));
    expect(await count(code), 'kept while it can still say "expired"').toBe(1);
    await workers.runScheduled(new Date((await workers.clock.now()).getTime() + 2 * 24 * HOUR));
    expect(await count(code)).toBe(0);
    expect(await count(fresh), 'a link not yet expired stays').toBe(1);
    const gone = await new Browser(workers.fetch).get(`/s/${code}`);
    expect(gone.status).toBe(404);
  });

  it('says it does not recognise a code we never made', async () => {
    const response = await new Browser(workers.fetch).get(`/s/${NEVER_MADE}`);
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toMatch(/\bno-store\b/);
    const text = mainText(await response.text());
    expect(text).toContain('We don’t recognise this link');
    expect(text).toContain('Sign in to see your sale');
  });

  it('answers a code of the wrong shape the same way, without asking the platform', async () => {
    for (const code of ['short', 'ABCDEFGHJ0', 'ABCDEFGHJKLMN', '%2F%2Fevil.example']) {
      const response = await new Browser(workers.fetch).get(`/s/${code}`);
      expect(response.status, code).toBe(404);
      expect(mainText(await response.text())).toContain('We don’t recognise this link');
    }
  });

  it('the platform answers where a link leads, unknown and expired as outcomes', async () => {
    const code = await makeLink('/KE19FTA/collection', HOUR);
    const found = await workers.platform(`/platform/s/${code}`);
    expect(found.status).toBe(200);
    expect(await found.json()).toEqual({ path: '/KE19FTA/collection' });
    expect((await workers.platform(`/platform/s/${NEVER_MADE}`)).status).toBe(404);
    await workers.clock.advance(HOUR);
    const expired = await workers.platform(`/platform/s/${code}`);
    expect(expired.status).toBe(410);
    expect(await expired.json()).toMatchObject({ code: 'expired' });
  });

  it('refuses to make a link that leads off the site', async () => {
    for (const path of ['https://evil.example/', '//evil.example', '/\\evil.example', '/.//evil.example']) {
      await expect(makeLink(path), path).rejects.toThrow();
    }
  });
});

describe('a stored path that is not ours', () => {
  /** Put a row in the table directly, as a bug or a bad actor with the database might. */
  async function storeRaw(code: string, path: string) {
    const now = await workers.clock.now();
    await workers.db
      .prepare('INSERT INTO short_links (code, path, created_at, expires_at) VALUES (?1, ?2, ?3, ?4)')
      .bind(code, path, now.toISOString(), new Date(now.getTime() + HOUR).toISOString())
      .run();
  }

  const freshCode = () => newShortLinkCode();

  it('never redirects to another site: the seller sees the unknown-link page', async () => {
    for (const path of [
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example',
      '/.//evil.example',
      '/%2f%2fevil.example',
      'javascript:alert(1)',
    ]) {
      const code = freshCode();
      expect(code).toMatch(SHORT_LINK_CODE);
      await storeRaw(code, path);
      const response = await new Browser(workers.fetch).get(`/s/${code}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('location'), path).toBeNull();
      expect(mainText(await response.text())).toContain('We don’t recognise this link');
    }
  });

  it('whatever the stored path, any redirect stays on this site', async () => {
    await fc.assert(
      fc.asyncProperty(redirectTargets, async (target) => {
        const code = freshCode();
        await storeRaw(code, target);
        const response = await workers.fetch(`/s/${code}`);
        const location = response.headers.get('location');
        if (location === null) {
          expect(response.status).toBe(404);
          return;
        }
        expect(response.status).toBe(302);
        const landed = new URL(location, `${ORIGIN}/s/${code}`);
        expect(landed.origin, `${JSON.stringify(target)} → ${location}`).toBe(ORIGIN);
        // And once more, as the browser resolves it from where it lands.
        expect(new URL(landed.pathname + landed.search, landed).origin).toBe(ORIGIN);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 40) },
    );
  }, 60_000);
});
