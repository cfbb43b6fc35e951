import { describe, expect, it } from 'vitest';
import { isDocumentGet, keepLocationOnSite, onSiteLocation, withoutSensitiveParams } from './url-hygiene.server';

describe('sensitive query parameters', () => {
  it.each(['token', 'authorization_code', 'clientId', 'redirectUri', 'username'])('removes %s, keeping the rest', (name) => {
    expect(withoutSensitiveParams(new URL(`https://k.test/account?${name}=secret&tab=2`))).toBe('/account?tab=2');
  });

  it('leaves the auth path prefix and clean URLs alone', () => {
    expect(withoutSensitiveParams(new URL('https://k.test/auth/verify?token=abc'))).toBeNull();
    expect(withoutSensitiveParams(new URL('https://k.test/?vrm=KE19FTA'))).toBeNull();
  });

  it.each([
    'https://k.test//evil.example/?token=1',
    'https://k.test/\\evil.example/?username=x',
    'https://k.test/.//evil.example/?token=1&a=b',
  ])('never answers %s with a Location off the site', (address) => {
    expect(withoutSensitiveParams(new URL(address))).toBe('/');
  });
});

describe('document requests', () => {
  it('tells documents from data requests and posts', () => {
    expect(isDocumentGet(new Request('https://k.test/account'))).toBe(true);
    expect(isDocumentGet(new Request('https://k.test/account.data'))).toBe(false);
    expect(isDocumentGet(new Request('https://k.test/account', { method: 'POST' }))).toBe(false);
  });
});

describe('the last check on a Location', () => {
  const origin = 'https://k.test';
  const outside = ['https://dealers.k.example', 'https://help.k.example/hc'];
  it.each([
    ['/account', '/account'],
    ['/.//evil.example', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['https://k.test/account', 'https://k.test/account'],
    ['https://dealers.k.example/sell', 'https://dealers.k.example/sell'],
    ['https://help.k.example/hc/faq', 'https://help.k.example/hc/faq'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['HTTPS://EVIL.example', '/'],
  ])('%s becomes %s', (location, expected) => {
    expect(onSiteLocation(location, origin, outside)).toBe(expected);
  });

  it('rewrites only a Location that leaves the site', () => {
    const headers = new Headers({ Location: '//evil.example/' });
    keepLocationOnSite(headers, 'https://k.test//evil.example/?logout=broadcast', outside);
    expect(headers.get('Location')).toBe('/');
    const none = new Headers();
    keepLocationOnSite(none, 'https://k.test/', outside);
    expect(none.has('Location')).toBe(false);
  });
});
