import { z } from 'zod';
import { readCookie } from './cookies';
import { OVERRIDABLE_FLAGS, type AppConfig, type FeatureFlags } from './env.server';

/**
 * The seller's shell preferences, each in a small cookie of its own rather than in the session, so
 * that reading them never needs the session secret and a consent choice outlives a sign-out.
 * Both are strictly necessary under PECR (they remember a choice the seller made), so they may be
 * set before consent.
 */
export const CONSENT_COOKIE = 'kerbside_consent';
export const STICKY_VRM_COOKIE = 'kerbside_sticky_vrm';
/** Development only: feature flags overridden from /dev/flags (ignored in production). */
export const FLAGS_COOKIE = 'kerbside_flags';
/** docs/behaviour/constants.md#shell-constants: consent is kept for 365 days. */
export const CONSENT_MAX_AGE = 365 * 24 * 60 * 60;

export type Consent = 'granted' | 'denied';

export interface Preferences {
  consent: Consent | null;
  /** The seller closed the sticky registration banner (docs/behaviour/shell.md#sticky-banner). */
  stickyVrmDismissed: boolean;
}

export function readPreferences(cookieHeader: string | null): Preferences {
  const consent = readCookie(cookieHeader, CONSENT_COOKIE);
  return {
    consent: consent === 'granted' || consent === 'denied' ? consent : null,
    stickyVrmDismissed: readCookie(cookieHeader, STICKY_VRM_COOKIE) === 'off',
  };
}

function preferenceCookie(name: string, value: string, maxAge: number): string {
  return `${name}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; Secure; SameSite=Lax`;
}

export const consentCookie = (consent: Consent) => preferenceCookie(CONSENT_COOKIE, consent, CONSENT_MAX_AGE);
export const stickyVrmCookie = () => preferenceCookie(STICKY_VRM_COOKIE, 'off', CONSENT_MAX_AGE);

const FlagOverridesSchema = z.record(z.enum(OVERRIDABLE_FLAGS), z.boolean());

export function flagOverridesCookie(overrides: Partial<FeatureFlags>): string {
  const value = encodeURIComponent(JSON.stringify(overrides));
  return Object.keys(overrides).length ? preferenceCookie(FLAGS_COOKIE, value, 30 * 24 * 60 * 60) : preferenceCookie(FLAGS_COOKIE, '', 0);
}

/**
 * Feature flags with the development overrides applied. Production ignores the cookie whatever it
 * says, and the development tools themselves can never be switched on from a cookie.
 */
export function effectiveFlags(config: Pick<AppConfig, 'featureFlags' | 'environment'>, cookieHeader: string | null): FeatureFlags {
  if (config.environment === 'production') return config.featureFlags;
  const raw = readCookie(cookieHeader, FLAGS_COOKIE);
  if (!raw) return config.featureFlags;
  try {
    const parsed = FlagOverridesSchema.safeParse(JSON.parse(decodeURIComponent(raw)));
    return parsed.success ? { ...config.featureFlags, ...parsed.data } : config.featureFlags;
  } catch {
    return config.featureFlags;
  }
}
