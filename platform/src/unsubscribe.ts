import type { PlatformEnv } from './env';
import { signUnsubscribeToken, type UnsubscribeClaims } from './tokens';
import { tokenSecret } from './env';
import { clockNowMs } from './clock';
import { requirePublicOrigin } from './public-origin';

/** An unsubscribe link works for a year: long enough for any e-mail a seller keeps. */
const LINK_TTL_SECONDS = 365 * 24 * 60 * 60;

/**
 * The signed path that stops a kind of message for one seller, for the foot of what we send.
 * For MOT reminders `id` is the reminder's (no account needed), and `list=mot` lets the page say so.
 */
export async function unsubscribePath(env: PlatformEnv, id: number, channel: UnsubscribeClaims['ch']): Promise<string> {
  const iat = Math.floor(clockNowMs() / 1000);
  const code = await signUnsubscribeToken(
    { sub: id, ch: channel, token_use: 'unsubscribe', iat, exp: iat + LINK_TTL_SECONDS },
    tokenSecret(env),
  );
  return `/unsubscribe${channel === 'sms' ? '/sms' : ''}?code=${encodeURIComponent(code)}${channel === 'mot' ? '&list=mot' : ''}`;
}

/** The same, as a full address on the app's public origin (public-origin.ts), for an e-mail. */
export async function unsubscribeLink(env: PlatformEnv, id: number, channel: UnsubscribeClaims['ch']): Promise<string> {
  return `${requirePublicOrigin(env)}${await unsubscribePath(env, id, channel)}`;
}
