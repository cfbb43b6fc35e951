import { describe, expect, it } from 'vitest';
import { gatewaySecret, sameSecret, type PlatformEnv } from './env';

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
