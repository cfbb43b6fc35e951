import { maskEmail, type AuthResponse, type LinkInfoResponse } from '../../../contract/accounts';
import { safeRedirect } from '../../../contract/safe-redirect';
import { networkOf, openSession, type UserRow } from '../auth';
import { CLIENT_USER_AGENT_HEADER } from '../../../contract/sessions';
import { describeDevice } from '../user-agent';
import { greeting, sendEmail } from '../outbox';
import { requirePublicOrigin } from '../public-origin';
import { referrerOf } from './referrals';
import { emailNewDevice } from './notices';
import { toUser } from '../entry/account-view';
import { clockNowIso, clockNowMs } from '../clock';
import { intVar, type PlatformEnv } from '../env';
import { errorResponse, json, readJsonObject } from '../http';
import { notifyAccount } from '../notify/messages';
import { randomToken, sha256 } from '../tokens';
import { adoptRequesterTrackers } from '../tracker/trackers';
import { unsubscribeLink } from '../unsubscribe';
import { str } from '../util';

/**
 * Links sent to a seller's address: the only proof that the address is theirs (docs/decisions/014).
 * - A link works once, for a short time, and a new one retires every older one.
 * - It belongs to the browser that asked: the app keeps a random key in that browser's sealed
 *   session and the platform stores its hash beside the link. Opened there, the link signs in at
 *   once; opened anywhere else, the page names the account and waits for the seller to say yes,
 *   and a car looked up in that other browser joins the account only if the seller asks.
 * - Opening a link proves the address; the first proof ends every session it did not start.
 */
export const DEFAULT_LINK_TTL = 15 * 60;

export type LinkPurpose = 'sign_in' | 'verify';

interface LinkRow {
  token_hash: string;
  user_id: number;
  redirect_to: string;
  expires_at: string;
  used_at: string | null;
  browser_key_hash: string | null;
  purpose: LinkPurpose;
}

export function linkTtl(env: PlatformEnv): number {
  return intVar(env.SIGN_IN_LINK_TTL_SECONDS, DEFAULT_LINK_TTL);
}

/** A new link for the user: older unused ones stop working, so only the newest e-mail counts. */
export async function issueLink(
  env: PlatformEnv,
  user: Pick<UserRow, 'id'>,
  options: { purpose: LinkPurpose; redirectTo: string; browserKey: string },
): Promise<string> {
  const token = randomToken();
  const now = clockNowMs();
  const browserKeyHash = options.browserKey ? await sha256(options.browserKey) : null;
  await env.DB.batch([
    env.DB.prepare('UPDATE sign_in_links SET used_at = ?1 WHERE user_id = ?2 AND used_at IS NULL').bind(
      new Date(now).toISOString(),
      user.id,
    ),
    env.DB.prepare(
      `INSERT INTO sign_in_links (token_hash, user_id, redirect_to, created_at, expires_at, browser_key_hash, purpose)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)`,
    ).bind(
      await sha256(token),
      user.id,
      // A local path only: a link must never send a seller to another site.
      safeRedirect(options.redirectTo),
      new Date(now).toISOString(),
      new Date(now + linkTtl(env) * 1000).toISOString(),
      browserKeyHash,
      options.purpose,
    ),
  ]);
  return `${requirePublicOrigin(env)}/auth/verify?token=${encodeURIComponent(token)}`;
}

/** The sign-in e-mail: asked for on the sign-in page, or by signing up again with the address. */
export async function emailSignInLink(
  env: PlatformEnv,
  user: UserRow,
  options: { redirectTo: string; browserKey: string; reason: 'asked' | 'signed_up_again' },
): Promise<void> {
  const link = await issueLink(env, user, { ...options, purpose: 'sign_in' });
  const minutes = Math.round(linkTtl(env) / 60);
  const opening =
    options.reason === 'signed_up_again'
      ? 'Someone, probably you, tried to sign up to Kerbside with this address. You already have an account, so nothing new was made. Use this link to sign in'
      : 'Use this link to sign in';
  await sendEmail(
    env,
    user.email,
    'Your Kerbside sign-in link',
    `${greeting(user.first_name)}\n\n${opening}. It works once, for the next ${minutes} minutes:\n${link}\n\nIf you did not ask to sign in, you can ignore this e-mail: nobody can sign in without the link.\n\nNo news and offers from us by e-mail: ${await unsubscribeLink(env, user.id, 'email')}\nNo offers by text: ${await unsubscribeLink(env, user.id, 'sms')}`,
    link,
  );
  await notifyAccount(env, user.id, `sign_in_notice#${user.id}@${clockNowMs()}`, { kind: 'sign_in_notice' });
}

/** The e-mail sent at sign-up: the link that proves the address. */
export async function emailAddressProof(
  env: PlatformEnv,
  user: UserRow,
  options: { redirectTo: string; browserKey: string },
): Promise<void> {
  const link = await issueLink(env, user, { ...options, purpose: 'verify' });
  const minutes = Math.round(linkTtl(env) / 60);
  await sendEmail(
    env,
    user.email,
    'Confirm your e-mail address for Kerbside',
    `${greeting(user.first_name)}\n\nThanks for signing up. Open this link to confirm that this address is yours. It works once, for the next ${minutes} minutes:\n${link}\n\nUntil you do, you can see your valuation and enter the sale, but you cannot accept an offer, give bank details or upload documents.\n\nIf you did not sign up to Kerbside, ignore this e-mail: the account cannot be used without this address.`,
    link,
  );
}

async function findLink(
  env: PlatformEnv,
  token: string,
): Promise<{ link: LinkRow; hash: string } | { problem: 'token_invalid' | 'token_used' | 'token_expired' }> {
  if (!token) return { problem: 'token_invalid' };
  const hash = await sha256(token);
  const link = await env.DB.prepare('SELECT * FROM sign_in_links WHERE token_hash = ?1').bind(hash).first<LinkRow>();
  if (!link) return { problem: 'token_invalid' };
  if (link.used_at) return { problem: 'token_used' };
  if (Date.parse(link.expires_at) <= clockNowMs()) return { problem: 'token_expired' };
  return { link, hash };
}

async function isSameBrowser(link: LinkRow, browserKey: string): Promise<boolean> {
  return Boolean(link.browser_key_hash && browserKey && (await sha256(browserKey)) === link.browser_key_hash);
}

/** POST /platform/api/authn/link-info {token, browserKey}: what the page a link opens may say. Changes nothing. */
export async function linkInfo(request: Request, env: PlatformEnv): Promise<Response> {
  const body = (await readJsonObject(request)) ?? {};
  const found = await findLink(env, str(body.token));
  if ('problem' in found) return json({ valid: false, reason: found.problem } satisfies LinkInfoResponse);
  const user = await env.DB.prepare('SELECT email FROM users WHERE id = ?1').bind(found.link.user_id).first<{ email: string }>();
  return json({
    valid: true,
    sameBrowser: await isSameBrowser(found.link, str(body.browserKey)),
    maskedEmail: maskEmail(user!.email),
  } satisfies LinkInfoResponse);
}

/**
 * POST /platform/api/authn/signin {token, browserKey, adopt, referralCode}: a link's token for a
 * new session. The caller's anonymous cars join the account when the link is opened in the browser
 * that asked for it, or when the seller said so on the page (adopt).
 */
export async function signInWithLink(request: Request, env: PlatformEnv): Promise<Response> {
  const body = (await readJsonObject(request)) ?? {};
  const found = await findLink(env, str(body.token));
  if ('problem' in found) {
    const status = found.problem === 'token_invalid' ? 400 : 410;
    const message = {
      token_invalid: 'The sign-in link is not valid',
      token_used: 'The sign-in link has already been used',
      token_expired: 'The sign-in link has expired',
    }[found.problem];
    return errorResponse(status, found.problem, message);
  }
  const { link, hash } = found;
  // Claim the link atomically: of two clicks racing, one wins.
  const claimed = await env.DB.prepare('UPDATE sign_in_links SET used_at = ?1 WHERE token_hash = ?2 AND used_at IS NULL RETURNING user_id')
    .bind(clockNowIso(), hash)
    .first();
  if (!claimed) return errorResponse(410, 'token_used', 'The sign-in link has already been used');
  let user = (await env.DB.prepare('SELECT * FROM users WHERE id = ?1').bind(link.user_id).first<UserRow>())!;
  const browserKey = str(body.browserKey);
  const sameBrowser = await isSameBrowser(link, browserKey);
  const requesterId = request.headers.get('x-requester-id');
  if (requesterId && (sameBrowser || body.adopt === true)) await adoptRequesterEnquiries(env, user.id, requesterId);
  const seenBefore = await knownDevice(env, user.id, request);
  const session = await openSession(env, user, { byProof: true, request });
  if (!user.email_verified_at) {
    user = await proveAddress(env, user, session.sid, {
      fromSignUpBrowser: !!browserKey && !!user.signup_browser_key_hash && (await sha256(browserKey)) === user.signup_browser_key_hash,
      referralCode: body.referralCode,
    });
  } else if (!seenBefore) {
    await emailNewDevice(env, user, session.sid);
  }
  const answer: AuthResponse = { tokens: session.tokens, user: await toUser(env, user, true), redirectTo: link.redirect_to };
  return json(answer);
}

/** Whether the account has signed in before from the same kind of device on the same network. */
async function knownDevice(env: PlatformEnv, userId: number, request: Request): Promise<boolean> {
  const row = await env.DB.prepare('SELECT 1 AS yes FROM sessions WHERE user_id = ?1 AND device IS ?2 AND network IS ?3 LIMIT 1')
    .bind(userId, describeDevice(request.headers.get(CLIENT_USER_AGENT_HEADER)), networkOf(request))
    .first();
  return !!row;
}

/**
 * The address is proven: every session this proof did not start ends. Whoever signed up with
 * the address before its owner (and kept that session) is signed out here. And unless the proof
 * comes from the browser that signed up, nothing typed at sign-up is trusted (docs/decisions/031):
 * the mobile, name, postcode and marketing consent are cleared and the seller confirms their own.
 * A referral counts only now, from the code the proving browser carries (it followed the link).
 */
async function proveAddress(
  env: PlatformEnv,
  user: UserRow,
  keptSessionId: string,
  { fromSignUpBrowser, referralCode }: { fromSignUpBrowser: boolean; referralCode: unknown },
): Promise<UserRow> {
  const now = clockNowIso();
  const referrer = await referrerOf(env, referralCode);
  const statements = [
    env.DB.prepare('UPDATE sessions SET revoked_at = ?1 WHERE user_id = ?2 AND id != ?3 AND revoked_at IS NULL').bind(
      now,
      user.id,
      keptSessionId,
    ),
  ];
  if (!fromSignUpBrowser) {
    statements.push(
      env.DB.prepare(
        `UPDATE users SET first_name = '', last_name = '', phone = '', phone_verified_at = NULL, phone_pending = NULL, postcode = '',
           email_crm_tier = 'service', sms_stopped_at = NULL, details_to_confirm = 1 WHERE id = ?1`,
      ).bind(user.id),
      env.DB.prepare(
        "UPDATE one_time_codes SET retired_at = ?2 WHERE purpose = 'mobile' AND subject = 'user:' || ?1 AND used_at IS NULL AND retired_at IS NULL",
      ).bind(user.id, now),
    );
  }
  statements.push(
    env.DB.prepare('UPDATE users SET email_verified_at = ?1, referred_by = ?3, updated_at = ?1 WHERE id = ?2 RETURNING *').bind(
      now,
      user.id,
      referrer !== null && referrer !== user.id ? referrer : null,
    ),
  );
  const results = await env.DB.batch(statements);
  console.log(JSON.stringify({ event: 'account.address_proven', userId: user.id, fromSignUpBrowser, referred: referrer !== null }));
  return (results.at(-1)!.results[0] as UserRow) ?? user;
}

/** The vehicles and enquiries a browser made before signing in become the account's. */
export async function adoptRequesterEnquiries(env: PlatformEnv, userId: number, requesterId: string): Promise<void> {
  const now = clockNowIso();
  await adoptRequesterTrackers(env, userId, requesterId);
  await env.DB.batch([
    env.DB.prepare(
      `INSERT OR IGNORE INTO customer_vehicles (customer_id, vehicle_id, added_at)
       SELECT ?1, vehicle_id, ?3 FROM enquiries WHERE owner_key = ?2`,
    ).bind(userId, `requester:${requesterId}`, now),
    env.DB.prepare('UPDATE enquiries SET owner_key = ?1, customer_id = ?2 WHERE owner_key = ?3').bind(
      `customer:${userId}`,
      userId,
      `requester:${requesterId}`,
    ),
  ]);
}
