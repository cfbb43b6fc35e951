import { passesModulusCheck } from '../../contract/bank-details';

export interface PlatformEnv {
  DB: D1Database;
  DOCUMENTS: R2Bucket;
  ENVIRONMENT: string;
  /** Signs id tokens. Development default in wrangler.toml; production: `wrangler secret put TOKEN_SECRET`. */
  TOKEN_SECRET?: string;
  /** Vehicle lookups allowed per client per minute. */
  LOOKUP_RATE_LIMIT?: string;
  /** Analytics requests allowed per requester per minute (four times that per client address). */
  EVENTS_RATE_LIMIT?: string;
  /** Simulated response time of the outside data providers (MOT history, valuation), in ms. */
  PROVIDER_LATENCY_MS?: string;
  /** Seconds an id token lives (docs/behaviour/accounts.md#token-refresh: default 86,400). */
  ID_TOKEN_TTL_SECONDS?: string;
  /** Seconds a sign-in link works. */
  SIGN_IN_LINK_TTL_SECONDS?: string;
  /** Vehicles one account may hold (docs/behaviour/data.md#configuration). */
  CUSTOMER_VEHICLE_LIMIT?: string;
  /** Origins sign-in links may point at, comma-separated (localhost is always allowed outside production). */
  APP_ORIGINS?: string;
  /** Encrypts sellers' bank details (sale/payments.ts). Development default in wrangler.toml; production: `wrangler secret put PAYMENTS_KEY`. */
  PAYMENTS_KEY?: string;
  /** Milliseconds the platform's clock runs ahead of (or behind) real time; never in production (clock.ts). */
  CLOCK_OFFSET_MS?: string;
  /**
   * Shared with the app, which sends it on every call (GATEWAY_SECRET_HEADER); a request without it
   * is refused. Development default in wrangler.toml; production: `wrangler secret put GATEWAY_SECRET`.
   */
  GATEWAY_SECRET?: string;
  /** Messages about a sale (platform/src/notify/): the platform produces onto this queue and consumes it. */
  /** The sale messages (notify/messages.ts: NotificationMessage); typed there, so infrastructure names no wing. */
  NOTIFY_QUEUE: Queue<unknown>;
  /** Where messages go: `http` (the providers' APIs below; production) or `outbox` (development and tests only). */
  NOTIFY_PROVIDER?: string;
  /** The e-mail provider's send endpoint, and its key (`wrangler secret put EMAIL_API_KEY`). */
  EMAIL_API_URL?: string;
  EMAIL_API_KEY?: string;
  /** The SMS provider's send endpoint, and its key (`wrangler secret put SMS_API_KEY`). */
  SMS_API_URL?: string;
  SMS_API_KEY?: string;
  /** Tests only: every delivery attempt up to this number fails, to show retries and the dead letter. */
  NOTIFY_FAIL_SENDS?: string;
  /** The first retry's delay in seconds; each later one doubles it (capped at 15 minutes). */
  NOTIFY_RETRY_BASE_SECONDS?: string;
  /** How long a claimed send may take before another delivery of the message takes it over. */
  NOTIFY_SEND_LEASE_SECONDS?: string;
  /**
   * What the SMS provider signs the replies it forwards with (Standard Webhooks: `webhook-id`,
   * `webhook-timestamp`, `webhook-signature`; a `whsec_…` secret as the provider issues it):
   * `wrangler secret put SMS_WEBHOOK_SECRET`. Without it only the app may post replies.
   */
  SMS_WEBHOOK_SECRET?: string;
  /**
   * The payment provider's callbacks (payouts credited or returned), signed as Standard Webhooks
   * with this secret: `wrangler secret put FPS_WEBHOOK_SECRET`. Without it the reconciliation job
   * alone (the Cron Trigger asking the provider) moves sent payouts on.
   */
  FPS_WEBHOOK_SECRET?: string;
  /** How long a message may stay unsent before the Cron Trigger puts it on the queue again. */
  NOTIFY_REDELIVER_AFTER_SECONDS?: string;
  /** How long before an offer lapses the seller is warned. */
  OFFER_LAPSE_WARNING_SECONDS?: string;
  /**
   * Kerbside's client account, where a seller with negative equity sends the shortfall
   * (sale/finance.ts): its name, sort code and account number. Per deployment; development's is a
   * sandbox one (platform/wrangler.toml [env.development]), which production refuses, as it
   * refuses none at all.
   */
  CLIENT_ACCOUNT_NAME?: string;
  CLIENT_ACCOUNT_SORT_CODE?: string;
  CLIENT_ACCOUNT_NUMBER?: string;
}

export const DEV_SECRET_MARKER = 'dev-only-';

/** The development client account (platform/wrangler.toml [env.development]): production refuses it. */
export const DEV_CLIENT_ACCOUNT = { sortCode: '404784', accountNumber: '70872490', marker: 'SANDBOX' } as const;

export function intVar(value: string | undefined, fallback: number): number {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback;
}

export function isProduction(env: PlatformEnv): boolean {
  return env.ENVIRONMENT === 'production';
}

/** Development endpoints (the outbox, the switches standing in for dealers and banks): never in production. */
export function devEndpointsOn(env: PlatformEnv): boolean {
  return env.ENVIRONMENT === 'development' || env.ENVIRONMENT === 'test';
}

/** The token secret, refusing a development one in production. */
export function tokenSecret(env: PlatformEnv): string {
  const secret = env.TOKEN_SECRET ?? '';
  if (secret.length < 32) throw new Error('TOKEN_SECRET is missing or shorter than 32 characters');
  if (isProduction(env) && secret.startsWith(DEV_SECRET_MARKER)) throw new Error('a development TOKEN_SECRET is configured in production');
  return secret;
}

/** The SMS provider's webhook secret, when one is configured; production refuses a development one. */
export function smsWebhookSecret(env: PlatformEnv): string | null {
  return webhookSecret(env, 'SMS_WEBHOOK_SECRET');
}

/** A provider's webhook secret, or null when none is set: too short, or a development one in production, is refused. */
function webhookSecret(env: PlatformEnv, name: 'SMS_WEBHOOK_SECRET' | 'FPS_WEBHOOK_SECRET'): string | null {
  const secret = env[name] ?? '';
  if (!secret) return null;
  if (secret.length < 32) throw new Error(`${name} is shorter than 32 characters`);
  if (isProduction(env) && secret.startsWith(DEV_SECRET_MARKER)) throw new Error(`a development ${name} is configured in production`);
  return secret;
}

/** The payment provider's webhook secret (docs/decisions/037), or null. */
export function fpsWebhookSecret(env: PlatformEnv): string | null {
  return webhookSecret(env, 'FPS_WEBHOOK_SECRET');
}

/**
 * The client account the shortfall is sent to. Every environment needs one configured; production
 * refuses the development one (its sort code and number, or a name marked SANDBOX) and one that
 * fails the modulus check.
 */
export function clientAccount(env: PlatformEnv): { name: string; sortCode: string; accountNumber: string } {
  const name = (env.CLIENT_ACCOUNT_NAME ?? '').trim();
  const sortCode = (env.CLIENT_ACCOUNT_SORT_CODE ?? '').trim();
  const accountNumber = (env.CLIENT_ACCOUNT_NUMBER ?? '').trim();
  if (!name || !sortCode || !accountNumber) {
    throw new Error('CLIENT_ACCOUNT_NAME, CLIENT_ACCOUNT_SORT_CODE and CLIENT_ACCOUNT_NUMBER must be configured');
  }
  if (isProduction(env)) {
    const digits = sortCode.replace(/\D/g, '');
    const development =
      name.toUpperCase().includes(DEV_CLIENT_ACCOUNT.marker) ||
      (digits === DEV_CLIENT_ACCOUNT.sortCode && accountNumber === DEV_CLIENT_ACCOUNT.accountNumber);
    if (development) throw new Error('the development client account is configured in production');
    if (!passesModulusCheck(digits, accountNumber)) throw new Error('CLIENT_ACCOUNT_NUMBER fails the modulus check for its sort code');
  }
  return { name, sortCode, accountNumber };
}

/** The secret the app proves itself with, refusing a development one in production. */
export function gatewaySecret(env: PlatformEnv): string {
  const secret = env.GATEWAY_SECRET ?? '';
  if (secret.length < 32) throw new Error('GATEWAY_SECRET is missing or shorter than 32 characters');
  if (isProduction(env) && secret.startsWith(DEV_SECRET_MARKER))
    throw new Error('a development GATEWAY_SECRET is configured in production');
  return secret;
}

const encoder = new TextEncoder();

/**
 * Whether `given` is `expected`, in time that depends on the length of `expected` only: a caller
 * timing the refusals learns nothing about how much of a guess was right.
 */
export function sameSecret(given: string | null, expected: string): boolean {
  const a = encoder.encode(given ?? '');
  const b = encoder.encode(expected);
  let difference = a.length ^ b.length;
  for (let i = 0; i < b.length; i++) difference |= (a[i] ?? 0) ^ b[i]!;
  return difference === 0;
}
