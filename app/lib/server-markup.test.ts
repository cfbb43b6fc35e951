import { describe, expect, it } from 'vitest';
import { shouldNavigateInApp } from './server-markup';

const ORIGIN = 'https://kerbside.example';
const click = { button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false, defaultPrevented: false };
const link = (origin = ORIGIN, target = '', attributes: string[] = []) => ({
  origin,
  target,
  hasAttribute: (name: string) => attributes.includes(name),
});

describe('shouldNavigateInApp: which clicks in server-rendered markup the app takes over, as <Link> would', () => {
  it('takes a plain left click on a link to this site', () => {
    expect(shouldNavigateInApp(click, link(), ORIGIN)).toBe(true);
    expect(shouldNavigateInApp(click, link(ORIGIN, '_self'), ORIGIN)).toBe(true);
  });

  it('leaves other sites, new tabs, downloads and modified clicks to the browser', () => {
    expect(shouldNavigateInApp(click, link('https://help.kerbside.example'), ORIGIN)).toBe(false);
    expect(shouldNavigateInApp(click, link(ORIGIN, '_blank'), ORIGIN)).toBe(false);
    expect(shouldNavigateInApp(click, link(ORIGIN, '', ['download']), ORIGIN)).toBe(false);
    expect(shouldNavigateInApp(click, link(ORIGIN, '', ['data-reload']), ORIGIN)).toBe(false);
    for (const key of ['metaKey', 'altKey', 'ctrlKey', 'shiftKey'] as const) {
      expect(shouldNavigateInApp({ ...click, [key]: true }, link(), ORIGIN), key).toBe(false);
    }
    expect(shouldNavigateInApp({ ...click, button: 1 }, link(), ORIGIN)).toBe(false);
    expect(shouldNavigateInApp({ ...click, defaultPrevented: true }, link(), ORIGIN)).toBe(false);
  });
});
