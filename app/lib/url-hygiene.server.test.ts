import { describe, expect, it } from 'vitest';
import { isDocumentGet, withoutSensitiveParams } from './url-hygiene.server';

describe('sensitive query parameters', () => {
  it.each(['token', 'authorization_code', 'clientId', 'redirectUri', 'username'])('removes %s, keeping the rest', (name) => {
    expect(withoutSensitiveParams(new URL(`https://k.test/account?${name}=secret&tab=2`))).toBe('/account?tab=2');
  });

  it('leaves the auth path prefix and clean URLs alone', () => {
    expect(withoutSensitiveParams(new URL('https://k.test/auth/verify?token=abc'))).toBeNull();
    expect(withoutSensitiveParams(new URL('https://k.test/?vrm=KE19FTA'))).toBeNull();
  });

  it.each(['https://k.test//evil.example/?token=1', 'https://k.test/\\evil.example/?username=x', 'https://k.test/.//evil.example/?token=1&a=b'])(
    'never answers %s with a Location off the site',
    (address) => {
      expect(withoutSensitiveParams(new URL(address))).toBe('/');
    },
  );
});

describe('document requests', () => {
  it('tells documents from data requests and posts', () => {
    expect(isDocumentGet(new Request('https://k.test/account'))).toBe(true);
    expect(isDocumentGet(new Request('https://k.test/account.data'))).toBe(false);
    expect(isDocumentGet(new Request('https://k.test/account', { method: 'POST' }))).toBe(false);
  });
});
