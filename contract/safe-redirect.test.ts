import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';
import { redirectTargets as targets } from '../tests/support/redirect-targets';

/**
 * Properties of the redirect rule over generated targets built from the pieces open-redirect
 * bypasses are made of. FUZZ_RUNS raises the number of targets (FUZZ_SEED repeats a run).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const ORIGIN = 'https://kerbside.test';
const FALLBACK = '/fallback';

/** Where a browser on `page` goes with this Location. */
const follow = (location: string, page: string) => new URL(location, page);

describe('the redirect rule (generated targets)', () => {
  it('never leaves the site, from any page of ours, however the browser resolves it', () => {
    fc.assert(
      fc.property(targets, (target) => {
        const result = safeRedirect(target, FALLBACK);
        if (result === FALLBACK) return;
        expect(result.startsWith('/')).toBe(true);
        expect(result[1]).not.toBe('/');
        expect(result[1]).not.toBe('\\');
        const landed = follow(result, ORIGIN);
        expect(landed.origin).toBe(ORIGIN);
        // From a deep page, and from the page it landed on (a browser re-resolving the result).
        expect(follow(result, `${ORIGIN}/a/b/c?x=1#y`).origin).toBe(ORIGIN);
        expect(follow(result, landed.href).origin).toBe(ORIGIN);
        // A path that a proxy's percent-decoding would turn into another host is not kept either.
        const decoded = landed.pathname.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        expect(decoded).not.toMatch(/^[/\\][/\\]/);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('keeps what it keeps as it is: the result passes the rule again unchanged, in plain ASCII', () => {
    fc.assert(
      fc.property(targets, (target) => {
        const result = safeRedirect(target, FALLBACK);
        expect(safeRedirect(result, '/other')).toBe(result);
        // A Location header carries no control characters, spaces or non-ASCII.
        expect(result).toMatch(/^[\u0021-\u007e]+$/);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('keeps the site paths it is meant for, unchanged', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/);
    const query = fc.option(fc.stringMatching(/^[a-z]{1,6}=[A-Za-z0-9]{0,8}$/), { nil: undefined });
    fc.assert(
      fc.property(fc.array(segment, { minLength: 0, maxLength: 5 }), query, (segments, search) => {
        const path = `/${segments.join('/')}${search ? `?${search}` : ''}`;
        expect(safeRedirect(path, FALLBACK)).toBe(path);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});

describe('the redirect rule (known bypasses)', () => {
  it.each([
    '/.//evil.example',
    '/./\\evil.example',
    '/a/..//evil.example',
    '/../..//evil.example',
    '/%2e//evil.example',
    '/%2e%2e//evil.example',
    '/.%2f/evil.example',
    '/%252f%252fevil.example',
    '/%25252f%25252fevil.example',
    '/%5c%5cevil.example',
    '/%09/evil.example',
    '/\uff0f/evil.example/%2f',
    '//evil.example/?token=1',
    'HTTPS://evil.example',
    '/\\evil.example',
  ])('never sends %j off the site', (target) => {
    const result = safeRedirect(target, FALLBACK);
    expect(result === FALLBACK || follow(result, ORIGIN).origin === ORIGIN).toBe(true);
    expect(result).not.toMatch(/^\/[/\\]/);
  });

  it('collapses dot segments that stay on the site', () => {
    expect(safeRedirect('/a/./b/../c?x=1#top')).toBe('/a/c?x=1#top');
    expect(safeRedirect('/..')).toBe('/');
  });
});
