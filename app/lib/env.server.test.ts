import { describe, expect, it } from 'vitest';
import { ConfigError, devToolsOn, readConfig } from './env.server';

const devSecret = 'dev-only-0123456789abcdef0123456789abcdef';
const realSecret = 'b7d1c0f5e3a94c2e8f6a1d3b5c7e9f0a2b4c6d8e';
const binding = { fetch: async () => new Response('') } as unknown as Fetcher;
const company = {
  name: 'Example Motors Ltd',
  number: '01234567',
  registeredAddress: '1 High Street, Leeds LS1 1AA',
  icoNumber: 'ZA123456',
};
const COMPANY_DETAILS = JSON.stringify(company);
/** Not the development value: the configured size is what reaches the config. */
const DEALER_NETWORK_SIZE = '8250';
const PUBLIC_ORIGIN = 'https://www.kerbside.example';

describe('readConfig', () => {
  it('reads a development environment with a service binding', () => {
    const config = readConfig({
      ENVIRONMENT: 'development',
      DEALER_NETWORK_SIZE,
      PUBLIC_ORIGIN,
      SESSION_SECRETS: `${devSecret}, ${realSecret}`,
      GATEWAY_SECRET: devSecret,
      GATEWAY: binding,
    });
    expect(config.brandName).toBe('Kerbside');
    expect(config.sessionSecrets).toEqual([devSecret, realSecret]);
    expect(config.gateway.binding).toBe(binding);
    expect(config.featureFlags).toEqual({ devMailbox: false, hideSupportWidget: true, showWordpressRefactoringUpdates: false });
    expect(config.youtubeEmbedUrl).toBeNull();
    expect(config.experimentDecisions).toEqual({});
  });

  it('points at a gateway URL when there is no binding', () => {
    const config = readConfig({
      ENVIRONMENT: 'production',
      DEALER_NETWORK_SIZE,
      PUBLIC_ORIGIN,
      SESSION_SECRETS: realSecret,
      GATEWAY_SECRET: realSecret,
      GATEWAY_URL: 'https://gateway.example',
      COMPANY_DETAILS,
    });
    expect(config.gateway).toEqual({ url: 'https://gateway.example' });
  });

  it('refuses a development secret in production', () => {
    expect(() =>
      readConfig({
        ENVIRONMENT: 'production',
        DEALER_NETWORK_SIZE,
        PUBLIC_ORIGIN,
        SESSION_SECRETS: devSecret,
        GATEWAY_SECRET: devSecret,
        GATEWAY: binding,
      }),
    ).toThrow(/development secret is configured in production/);
  });

  it('needs the gateway secret, and refuses a development one in production', () => {
    const production = {
      ENVIRONMENT: 'production',
      DEALER_NETWORK_SIZE,
      PUBLIC_ORIGIN,
      SESSION_SECRETS: realSecret,
      GATEWAY: binding,
      COMPANY_DETAILS,
    };
    expect(readConfig({ ...production, GATEWAY_SECRET: realSecret }).gatewaySecret).toBe(realSecret);
    expect(() => readConfig(production)).toThrow(/GATEWAY_SECRET is not set/);
    expect(() => readConfig({ ...production, GATEWAY_SECRET: 'short' })).toThrow(/GATEWAY_SECRET needs at least 32 characters/);
    expect(() => readConfig({ ...production, GATEWAY_SECRET: devSecret })).toThrow(
      /GATEWAY_SECRET: a development secret is configured in production/,
    );
    expect(
      readConfig({ ...production, ENVIRONMENT: 'development', DEALER_NETWORK_SIZE, PUBLIC_ORIGIN, GATEWAY_SECRET: devSecret })
        .gatewaySecret,
    ).toBe(devSecret);
  });

  it('needs the company details in production, refuses development ones, and leaves them out elsewhere when not set', () => {
    const production = {
      ENVIRONMENT: 'production',
      DEALER_NETWORK_SIZE,
      PUBLIC_ORIGIN,
      SESSION_SECRETS: realSecret,
      GATEWAY_SECRET: realSecret,
      GATEWAY: binding,
    };
    expect(readConfig({ ...production, COMPANY_DETAILS }).companyDetails).toEqual(company);
    expect(() => readConfig(production)).toThrow(/COMPANY_DETAILS: the company details for the terms and privacy notice are not set/);
    expect(() => readConfig({ ...production, COMPANY_DETAILS: JSON.stringify({ ...company, icoNumber: 'dev-only-ico-number' }) })).toThrow(
      /COMPANY_DETAILS: development company details are configured in production/,
    );
    expect(() => readConfig({ ...production, COMPANY_DETAILS: JSON.stringify({ name: 'Example Motors Ltd' }) })).toThrow(/COMPANY_DETAILS/);
    expect(readConfig({ ...production, ENVIRONMENT: 'development' }).companyDetails).toBeNull();
  });

  it('needs the size of the dealer network everywhere, as a whole number', () => {
    const production = {
      ENVIRONMENT: 'production',
      SESSION_SECRETS: realSecret,
      GATEWAY_SECRET: realSecret,
      GATEWAY: binding,
      COMPANY_DETAILS,
      PUBLIC_ORIGIN,
    };
    expect(readConfig({ ...production, DEALER_NETWORK_SIZE }).dealerNetworkSize).toBe(8250);
    expect(readConfig({ ...production, DEALER_NETWORK_SIZE: ' 12000 ' }).dealerNetworkSize).toBe(12_000);
    expect(() => readConfig(production)).toThrow(/DEALER_NETWORK_SIZE is not set/);
    expect(() => readConfig({ ...production, ENVIRONMENT: 'development' })).toThrow(/DEALER_NETWORK_SIZE is not set/);
    for (const wrong of ['7,500', '7500+', '7.5e3', '-1', '', 'many']) {
      expect(() => readConfig({ ...production, DEALER_NETWORK_SIZE: wrong })).toThrow(/DEALER_NETWORK_SIZE must be a whole number/);
    }
    expect(() => readConfig({ ...production, DEALER_NETWORK_SIZE: '0' })).toThrow(/DEALER_NETWORK_SIZE must be at least 1/);
  });

  it('refuses the development mailbox in production', () => {
    expect(() =>
      readConfig({
        ENVIRONMENT: 'production',
        DEALER_NETWORK_SIZE,
        PUBLIC_ORIGIN,
        SESSION_SECRETS: realSecret,
        GATEWAY_SECRET: realSecret,
        GATEWAY: binding,
        FEATURE_FLAGS: '{"devMailbox":true}',
      }),
    ).toThrow(/mailbox/);
  });

  it('runs the clock as configured outside production, and refuses a moved clock or shortened timeouts in production', () => {
    const test = readConfig({
      ENVIRONMENT: 'test',
      DEALER_NETWORK_SIZE,
      PUBLIC_ORIGIN,
      SESSION_SECRETS: devSecret,
      GATEWAY_SECRET: devSecret,
      GATEWAY: binding,
      CLOCK_OFFSET_MS: '-86400000',
      GATEWAY_TIMEOUT_SCALE: '0.2',
    });
    expect(test.clockOffsetMs).toBe(-86_400_000);
    expect(test.gatewayTimeoutScale).toBe(0.2);
    const production = {
      ENVIRONMENT: 'production',
      DEALER_NETWORK_SIZE,
      PUBLIC_ORIGIN,
      SESSION_SECRETS: realSecret,
      GATEWAY_SECRET: realSecret,
      GATEWAY: binding,
      COMPANY_DETAILS,
    };
    expect(readConfig({ ...production, CLOCK_OFFSET_MS: '0' }).clockOffsetMs).toBe(0);
    expect(readConfig(production).gatewayTimeoutScale).toBe(1);
    expect(() => readConfig({ ...production, CLOCK_OFFSET_MS: '3600000' })).toThrow(
      /CLOCK_OFFSET_MS: the clock can only be moved outside production/,
    );
    expect(() => readConfig({ ...production, GATEWAY_TIMEOUT_SCALE: '0.5' })).toThrow(/GATEWAY_TIMEOUT_SCALE/);
  });

  it('names every problem of a broken environment', () => {
    const error = (() => {
      try {
        readConfig({ ENVIRONMENT: 'staging', SESSION_SECRETS: 'short', FEATURE_FLAGS: '{' });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error?.message).toMatch(/ENVIRONMENT/);
    expect(error?.message).toMatch(/32 characters/);
    expect(error?.message).toMatch(/FEATURE_FLAGS is not JSON/);
  });

  it('frames only a privacy-enhanced YouTube embed', () => {
    const base = {
      ENVIRONMENT: 'development',
      DEALER_NETWORK_SIZE,
      PUBLIC_ORIGIN,
      SESSION_SECRETS: devSecret,
      GATEWAY_SECRET: devSecret,
      GATEWAY: binding,
    };
    expect(readConfig({ ...base, YOUTUBE_EMBED_URL: 'https://www.youtube-nocookie.com/embed/abc_DEF-1' }).youtubeEmbedUrl).toBe(
      'https://www.youtube-nocookie.com/embed/abc_DEF-1',
    );
    expect(() => readConfig({ ...base, YOUTUBE_EMBED_URL: 'https://evil.example/embed/x' })).toThrow(/YOUTUBE_EMBED_URL/);
  });

  it('reads experiment decisions', () => {
    const base = {
      ENVIRONMENT: 'development',
      DEALER_NETWORK_SIZE,
      PUBLIC_ORIGIN,
      SESSION_SECRETS: devSecret,
      GATEWAY_SECRET: devSecret,
      GATEWAY: binding,
    };
    expect(readConfig({ ...base, EXPERIMENT_DECISIONS: '{"home_reviews_first":"on"}' }).experimentDecisions).toEqual({
      home_reviews_first: 'on',
    });
    expect(() => readConfig({ ...base, EXPERIMENT_DECISIONS: '[1' })).toThrow(/EXPERIMENT_DECISIONS is not JSON/);
  });

  it('needs a gateway', () => {
    expect(() =>
      readConfig({ ENVIRONMENT: 'development', DEALER_NETWORK_SIZE, PUBLIC_ORIGIN, SESSION_SECRETS: devSecret, GATEWAY_SECRET: devSecret }),
    ).toThrow(/GATEWAY/);
  });
});

describe('development tools', () => {
  it('are on with the flag outside production, and never in production', () => {
    const flags = { devMailbox: true, hideSupportWidget: true, showWordpressRefactoringUpdates: false };
    expect(devToolsOn({ featureFlags: flags, environment: 'development' })).toBe(true);
    expect(devToolsOn({ featureFlags: { ...flags, devMailbox: false }, environment: 'development' })).toBe(false);
    expect(devToolsOn({ featureFlags: flags, environment: 'production' })).toBe(false);
  });

  it('needs the public origin everywhere, as an origin only, and https in production', () => {
    const production = {
      ENVIRONMENT: 'production',
      DEALER_NETWORK_SIZE,
      SESSION_SECRETS: realSecret,
      GATEWAY_SECRET: realSecret,
      GATEWAY: binding,
      COMPANY_DETAILS,
    };
    expect(readConfig({ ...production, PUBLIC_ORIGIN }).publicOrigin).toBe(PUBLIC_ORIGIN);
    expect(readConfig({ ...production, PUBLIC_ORIGIN: `${PUBLIC_ORIGIN}/` }).publicOrigin).toBe(PUBLIC_ORIGIN);
    expect(() => readConfig(production)).toThrow(/PUBLIC_ORIGIN is not set/);
    expect(() => readConfig({ ...production, PUBLIC_ORIGIN: 'http://www.kerbside.example' })).toThrow(/must be https in production/);
    for (const wrong of ['www.kerbside.example', 'https://www.kerbside.example/sell', 'javascript:alert(1)', ''])
      expect(() => readConfig({ ...production, PUBLIC_ORIGIN: wrong }), wrong).toThrow(/PUBLIC_ORIGIN/);
    const development = { ...production, ENVIRONMENT: 'development', SESSION_SECRETS: devSecret, GATEWAY_SECRET: devSecret };
    expect(readConfig({ ...development, PUBLIC_ORIGIN: 'http://localhost:8790' }).publicOrigin).toBe('http://localhost:8790');
  });
});
