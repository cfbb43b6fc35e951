import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '../app/lib/reports';
import { buildInline } from './build-inline.mjs';

/*
 * What every document carries inline (scripts/build-inline.mjs): the stylesheet and the head's
 * script, minified from their sources. The e2e tests see them work in a browser; here, that the
 * build makes them as small as they were by hand, that the script stays ES5, and that it runs.
 */
const root = path.resolve(import.meta.dirname, '..');
const { styles, headScript } = await buildInline();

describe('the inline stylesheet', () => {
  it('is the source, minified: every rule kept, no comment, no line breaks', () => {
    const source = readFileSync(path.join(root, 'app/styles.css'), 'utf8');
    expect(styles.length).toBeLessThan(source.length);
    expect(styles).not.toMatch(/\/\*|\n/);
    for (const selector of ['.site-header', '.plate input', 'dialog.modal::backdrop', '.sticky-vrm', '@media (min-width:1040px)'])
      expect(styles.replace(/@media\(/g, '@media (')).toContain(selector);
    // The sheet was 18,173 bytes minified by hand when it moved to a source file; since then only
    // new rules may add to it (collection day's revised offer and tariff, ADR 035: ~200 bytes).
    expect(styles.length).toBeLessThanOrEqual(18_400);
  });
});

describe("the head's inline script", () => {
  it('is ES5 and no larger than the hand-written one (1,819 bytes)', () => {
    expect(() => new Function(headScript)).not.toThrow();
    expect(headScript).not.toMatch(/=>|\b(let|const|class)\s|`|\.\.\./);
    expect(headScript.length).toBeLessThanOrEqual(1_819);
  });

  it('reports cookies that do not come back once, and the code arriving stands the watch down', () => {
    const sent: string[] = [];
    const timers = new Map<number, number>();
    const listeners: Record<string, unknown> = {};
    const window: Record<string, unknown> = {};
    Object.assign(window, {
      window,
      document: { cookie: '', querySelectorAll: () => [] },
      navigator: { cookieEnabled: false, sendBeacon: (_url: string, body: URLSearchParams) => (sent.push(body.toString()), true) },
      location: { origin: 'https://kerbside.test' },
      URLSearchParams,
      HTMLDetailsElement: class {},
      PerformanceObserver: class {
        observe() {}
      },
      addEventListener: (type: string, listener: unknown) => (listeners[type] = listener),
      setTimeout: (_run: () => void, ms: number) => (timers.set(timers.size + 1, ms), timers.size),
      clearTimeout: (id: number) => timers.delete(id),
    });
    runInNewContext(headScript, window);
    expect(sent).toEqual(['kind=cookies_disabled']);
    expect(Object.keys(listeners).sort()).toEqual(['click', 'error', 'focusin', 'keydown', 'toggle']);
    expect([...timers.values()]).toEqual([CHUNK_LOAD_TIMEOUT_MS]);
    (window.__ksCodeArrived as () => void)();
    expect(timers.size).toBe(0);
    // The page's own code shares what was sent, so it does not send the same kind again.
    expect(window.__ksReports).toEqual({ cookies_disabled: 1 });
  });
});
