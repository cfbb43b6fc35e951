import type { PlatformEnv } from './env';
import { errorResponse, json, readJsonObject } from './http';
import { signUnsubscribeToken, verifyUnsubscribeToken, type UnsubscribeClaims } from './tokens';
import { tokenSecret } from './env';
import { clockNowIso, clockNowMs } from './clock';
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

/**
 * POST /platform/v3/customers/unsubscribe {code}: stops marketing e-mails (the CRM tier drops to
 * 'service': only what a sale needs) or every text. The code is the signed link's; nothing
 * else is needed, so it works from any device, signed in or not.
 */
export async function unsubscribe(request: Request, env: PlatformEnv): Promise<Response> {
  const code = (await readJsonObject(request))?.code;
  if (typeof code !== 'string' || code.length > 2000) return errorResponse(400, 'invalid_code', 'This unsubscribe link is not valid');
  const verified = await verifyUnsubscribeToken(code, tokenSecret(env), Math.floor(clockNowMs() / 1000));
  if (!verified.ok) {
    return verified.reason === 'expired'
      ? errorResponse(410, 'expired_code', 'This unsubscribe link has expired')
      : errorResponse(400, 'invalid_code', 'This unsubscribe link is not valid');
  }
  const { sub, ch } = verified.claims;
  if (ch === 'mot') {
    const stopped = await env.DB.prepare('UPDATE mot_reminders SET unsubscribed_at = coalesce(unsubscribed_at, ?2) WHERE id = ?1')
      .bind(sub, clockNowIso())
      .run();
    if (!stopped.meta.changes) return errorResponse(404, 'not_found', 'There are no reminders for this link any more');
    return json({ unsubscribed: ch });
  }
  // A text's STOP stops every text at once, messages about the sale included (PECR); e-mails go on.
  const sql =
    ch === 'sms'
      ? 'UPDATE users SET sms_marketing = 0, sms_stopped_at = coalesce(sms_stopped_at, ?2), updated_at = ?2 WHERE id = ?1'
      : "UPDATE users SET email_crm_tier = 'service', updated_at = ?2 WHERE id = ?1";
  const result = await env.DB.prepare(sql).bind(sub, clockNowIso()).run();
  if (!result.meta.changes) return errorResponse(404, 'not_found', 'There is no account for this link any more');
  return json({ unsubscribed: ch });
}
