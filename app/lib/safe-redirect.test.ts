import { describe, expect, it } from 'vitest';
import { safeRedirect, sameSiteReferer } from './safe-redirect';

describe('safeRedirect', () => {
  it.each([
    ['/account', '/account'],
    ['/KE19FTA/profile/photos?step=2#top', '/KE19FTA/profile/photos?step=2#top'],
    ['/sell-my-car/brands/ford', '/sell-my-car/brands/ford'],
    ['/search?q=a%20b', '/search?q=a%20b'],
  ])('keeps the site path %s', (target, expected) => {
    expect(safeRedirect(target, '/x')).toBe(expected);
  });

  // Known open-redirect bypasses (OWASP, PortSwigger and the remix-utils tab case).
  it.each([
    'https://evil.example',
    'http://evil.example/account',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/ /evil.example',
    ' /account',
    '/account\u0000',
    '/%2f%2fevil.example',
    '/%5cevil.example',
    '/%2F/evil.example',
    'javascript:alert(1)',
    'data:text/html,hi',
    'account',
    '.evil.example',
    '@evil.example',
    '/\u3000/evil.example',
    '/\ufeff/evil.example',
    '',
  ])('refuses %j', (target) => {
    expect(safeRedirect(target, '/fallback')).toBe('/fallback');
  });

  it('refuses what is not a string', () => {
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect(['/a'])).toBe('/');
    expect(safeRedirect(undefined, '/account')).toBe('/account');
  });

  it('refuses very long targets', () => {
    expect(safeRedirect(`/${'a'.repeat(3000)}`)).toBe('/');
  });
});

describe('sameSiteReferer', () => {
  const request = (referer?: string) => new Request('https://kerbside.test/cookie-consent', { headers: referer ? { referer } : {} });
  it('returns to the page the form was on', () => {
    expect(sameSiteReferer(request('https://kerbside.test/reviews?utm_source=x'))).toBe('/reviews?utm_source=x');
  });
  it('never returns to another site', () => {
    expect(sameSiteReferer(request('https://evil.example/reviews'))).toBe('/');
    expect(sameSiteReferer(request('not a url'))).toBe('/');
    expect(sameSiteReferer(request())).toBe('/');
  });
});
