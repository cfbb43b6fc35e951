import { describe, expect, it } from 'vitest';
import { SHORT_LINK_CODE } from '../../../contract/short-links';
import { createShortLink, isShortLinkPath, newShortLinkCode, SHORT_LINK_ALPHABET, SHORT_LINK_LENGTH } from './short-links';

const NOW = new Date('2026-12-01T14:00:00Z');

/** A database that records what it was asked to store: enough for createShortLink. */
function recordingDb(clashes = 0) {
  const rows: unknown[][] = [];
  let left = clashes;
  const db = {
    prepare: () => ({
      bind: (...values: unknown[]) => ({
        run: async () => {
          if (left > 0) {
            left--;
            return { meta: { changes: 0 } };
          }
          rows.push(values);
          return { meta: { changes: 1 } };
        },
      }),
    }),
  } as unknown as D1Database;
  return { db, rows };
}

describe('short link codes', () => {
  it('are 10 characters from an alphabet with no look-alikes', () => {
    expect(SHORT_LINK_LENGTH).toBeGreaterThanOrEqual(10);
    for (const lookAlike of ['0', 'O', 'o', '1', 'l', 'I']) expect(SHORT_LINK_ALPHABET).not.toContain(lookAlike);
    for (let i = 0; i < 200; i++) {
      const code = newShortLinkCode();
      expect(code).toHaveLength(SHORT_LINK_LENGTH);
      expect(code).toMatch(SHORT_LINK_CODE);
      expect([...code].every((ch) => SHORT_LINK_ALPHABET.includes(ch))).toBe(true);
    }
  });

  it('differ from one another: 10,000 codes, no repeats', () => {
    const codes = new Set(Array.from({ length: 10_000 }, () => newShortLinkCode()));
    expect(codes.size).toBe(10_000);
  });

  it('use every character of the alphabet, none favoured', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 5_000; i++) for (const ch of newShortLinkCode()) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(SHORT_LINK_ALPHABET.length);
    const expected = (5_000 * SHORT_LINK_LENGTH) / SHORT_LINK_ALPHABET.length;
    for (const count of counts.values()) expect(Math.abs(count - expected) / expected).toBeLessThan(0.2);
  });

  it('come from the random source it is given, dropping bytes that would favour a character', () => {
    // 250..255 lie past the last whole multiple of 56 and are skipped; 0 is 'A', 57 is 'B'.
    const bytes = [255, 250, 0, 57, 0, 57, 0, 57, 0, 57, 0, 57];
    const code = newShortLinkCode((buffer) => {
      buffer.fill(0).set(bytes.slice(0, buffer.length));
      return buffer;
    });
    expect(code).toBe('ABABABABAB');
  });

  it('the shape the app checks matches every code and nothing else', () => {
    expect(SHORT_LINK_CODE.test('ABCDEFGHJK')).toBe(true);
    for (const bad of ['ABCDEFGHJ', 'ABCDEFGHJKL', 'ABCDEFGHJ0', 'ABCDEFGHJl', 'ABCDEFGH/K', 'ABCDEFGHJ%', '']) {
      expect(SHORT_LINK_CODE.test(bad), bad).toBe(false);
    }
  });
});

describe('the paths a short link may lead to', () => {
  it('takes paths on our own site, with a query', () => {
    for (const path of [
      '/',
      '/KE19FTA/accept-offer',
      '/KE19FTA/request/v5c',
      '/account',
      '/KE19FTA?from=sms',
      '/KE19FTA/collection#when',
    ]) {
      expect(isShortLinkPath(path), path).toBe(true);
    }
  });

  it('refuses anything that could leave the site or be read two ways', () => {
    const hostile = [
      '',
      'KE19FTA',
      'https://evil.example/',
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/a//b',
      '/.//evil.example',
      '/a/..//evil.example',
      '/%2f%2fevil.example',
      'javascript:alert(1)',
      '/\u00a0evil.example',
      '/\tevil',
      '/a\nb',
      '/a b',
      '/a\u0000b',
      '/a\u2028b',
      '/a/../b',
      `/${'a'.repeat(2048)}`,
    ];
    for (const path of hostile) expect(isShortLinkPath(path), JSON.stringify(path)).toBe(false);
  });
});

describe('createShortLink', () => {
  it('stores the path with when it was made and when it expires, and answers the code', async () => {
    const { db, rows } = recordingDb();
    const code = await createShortLink(db, '/KE19FTA/accept-offer', { now: NOW, ttlMs: 48 * 60 * 60 * 1000 });
    expect(code).toMatch(SHORT_LINK_CODE);
    expect(rows).toEqual([[code, '/KE19FTA/accept-offer', '2026-12-01T14:00:00.000Z', '2026-12-03T14:00:00.000Z']]);
  });

  it('draws another code when one is taken', async () => {
    const { db, rows } = recordingDb(2);
    const code = await createShortLink(db, '/account', { now: NOW, ttlMs: 1000 });
    expect(rows).toHaveLength(1);
    expect(rows[0]![0]).toBe(code);
  });

  it('refuses a path that is not ours, or no lifetime, and stores nothing', async () => {
    const { db, rows } = recordingDb();
    await expect(createShortLink(db, '//evil.example/', { now: NOW, ttlMs: 1000 })).rejects.toThrow(/own site/);
    await expect(createShortLink(db, 'https://evil.example/', { now: NOW, ttlMs: 1000 })).rejects.toThrow(/own site/);
    await expect(createShortLink(db, '/\\evil.example', { now: NOW, ttlMs: 1000 })).rejects.toThrow(/own site/);
    await expect(createShortLink(db, '/account', { now: NOW, ttlMs: 0 })).rejects.toThrow(/lifetime/);
    expect(rows).toEqual([]);
  });
});
