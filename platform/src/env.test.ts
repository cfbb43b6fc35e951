import { describe, expect, it } from 'vitest';
import { clientAccount, gatewaySecret, sameSecret, type PlatformEnv } from './env';

const env = (vars: Partial<PlatformEnv>) => ({ ENVIRONMENT: 'development', ...vars }) as PlatformEnv;

describe('the gateway secret', () => {
  it('matches only the whole secret', () => {
    const secret = 'a-shared-secret-of-more-than-32-characters';
    expect(sameSecret(secret, secret)).toBe(true);
    expect(sameSecret(null, secret)).toBe(false);
    expect(sameSecret('', secret)).toBe(false);
    expect(sameSecret(secret.slice(0, -1), secret)).toBe(false);
    expect(sameSecret(`${secret}x`, secret)).toBe(false);
    expect(sameSecret(`${secret.slice(0, -1)}X`, secret)).toBe(false);
  });

  it('is required, and a development one is refused in production', () => {
    const dev = 'dev-only-gateway-secret-0123456789abcdef';
    expect(gatewaySecret(env({ GATEWAY_SECRET: dev }))).toBe(dev);
    expect(() => gatewaySecret(env({}))).toThrow(/GATEWAY_SECRET is missing/);
    expect(() => gatewaySecret(env({ GATEWAY_SECRET: 'short' }))).toThrow(/shorter than 32/);
    expect(() => gatewaySecret(env({ ENVIRONMENT: 'production', GATEWAY_SECRET: dev }))).toThrow(/development GATEWAY_SECRET/);
    expect(gatewaySecret(env({ ENVIRONMENT: 'production', GATEWAY_SECRET: 'a-production-secret-0123456789abcdef' }))).toBe(
      'a-production-secret-0123456789abcdef',
    );
  });
});

const DEVELOPMENT = {
  CLIENT_ACCOUNT_NAME: 'SANDBOX Kerbside Ltd client account',
  CLIENT_ACCOUNT_SORT_CODE: '40-47-84',
  CLIENT_ACCOUNT_NUMBER: '70872490',
};
const REAL_LOOKING = {
  CLIENT_ACCOUNT_NAME: 'Kerbside Ltd client account',
  CLIENT_ACCOUNT_SORT_CODE: '20-00-00',
  CLIENT_ACCOUNT_NUMBER: '55779911',
};
const vars = (values: Record<string, string>) => values as unknown as PlatformEnv;

describe('the client account', () => {
  it('is the configured one', () => {
    expect(clientAccount(vars({ ENVIRONMENT: 'development', ...DEVELOPMENT }))).toEqual({
      name: 'SANDBOX Kerbside Ltd client account',
      sortCode: '40-47-84',
      accountNumber: '70872490',
    });
  });

  it('must be configured in every environment', () => {
    expect(() => clientAccount(vars({ ENVIRONMENT: 'test' }))).toThrow(/must be configured/);
    expect(() => clientAccount(vars({ ENVIRONMENT: 'production', CLIENT_ACCOUNT_NAME: 'Kerbside' }))).toThrow(/must be configured/);
  });

  it('refuses the development one in production, by its numbers or its SANDBOX name', () => {
    expect(() => clientAccount(vars({ ENVIRONMENT: 'production', ...DEVELOPMENT }))).toThrow(/development client account/);
    expect(() => clientAccount(vars({ ENVIRONMENT: 'production', ...DEVELOPMENT, CLIENT_ACCOUNT_NAME: 'Kerbside' }))).toThrow(
      /development client account/,
    );
    expect(() => clientAccount(vars({ ENVIRONMENT: 'production', ...REAL_LOOKING, CLIENT_ACCOUNT_NAME: 'Sandbox account' }))).toThrow(
      /development client account/,
    );
  });

  it('refuses in production an account that fails the modulus check', () => {
    expect(() => clientAccount(vars({ ENVIRONMENT: 'production', ...REAL_LOOKING, CLIENT_ACCOUNT_NUMBER: '55779912' }))).toThrow(/modulus/);
    expect(clientAccount(vars({ ENVIRONMENT: 'production', ...REAL_LOOKING })).accountNumber).toBe('55779911');
  });
});
