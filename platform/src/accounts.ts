import { campaignColumn } from './analytics';
import { referrerOf } from './referrals';
import { unsubscribeLink } from './unsubscribe';
import { adoptRequesterTrackers } from './trackers';
import type { AuthResponse, CrmTier, EmailCheckResponse, PhoneValidationResponse } from '../../contract/accounts';
import { splitName } from '../../contract/accounts';
import { safeRedirect } from '../../contract/safe-redirect';
import { checkUkPhone, CONTACT_MESSAGES, isEmail, isFullName, normalisePostcode } from '../../contract/contact-validation';
import { authenticate, invalidToken, issueIdToken, requireCustomer, startSession, toUser, type UserRow } from './auth';
import { devEndpointsOn, intVar, isProduction, type PlatformEnv } from './env';
import { errorResponse, json, readJsonObject } from './http';
import { hitRateLimit } from './rate-limit';
import { randomToken, sha256 } from './tokens';

const TEN_MINUTES = 600_000;
/**
 * Sign-in link limits, each in ten minutes (docs/sign-in-limits.md). Keyed so that nobody else's
 * failures can lock a genuine seller out: mobile networks and offices put many sellers behind one
 * network address.
 * - per browser session (the requester id): 10 attempts with unknown addresses, then a robot;
 * - per network address and e-mail address pair: 5 links;
 * - per e-mail address, from anywhere: 20 links (the mailbox's own protection);
 * - per network address, everything together: 100 requests, a ceiling only scripts reach.
 */
export const SIGN_IN_FAILURES_PER_REQUESTER = 10;
export const SIGN_IN_LIMIT_PER_PAIR = 5;
export const SIGN_IN_LIMIT_PER_EMAIL = 20;
export const SIGN_IN_CEILING_PER_ADDRESS = 100;
export const DEFAULT_LINK_TTL = 15 * 60;

import { str } from './util';
import { clockNowIso, clockNowMs } from './clock';


export function allowedLinkBase(env: PlatformEnv, value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const allowed = (env.APP_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  if (allowed.includes(url.origin)) return url.origin;
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  return local && !isProduction(env) ? url.origin : null;
}

async function insertOutbox(env: PlatformEnv, to: string, subject: string, body: string, link: string | null) {
  await env.DB.prepare('INSERT INTO outbox (to_email, subject, body, link, created_at) VALUES (?1, ?2, ?3, ?4, ?5)')
    .bind(to, subject, body, link, clockNowIso())
    .run();
}

/** POST /platform/api/authn/signup: creates the account, takes over the seller's anonymous enquiries, signs in. */
export async function signUp(request: Request, env: PlatformEnv): Promise<Response> {
  const body = (await readJsonObject(request)) ?? {};
  const name = str(body.name);
  const email = str(body.email).toLowerCase();
  const phone = checkUkPhone(str(body.phone));
  const postcode = normalisePostcode(str(body.postcode));
  const problems: Record<string, string> = {};
  if (!isFullName(name)) problems.name = CONTACT_MESSAGES.name;
  if (!isEmail(email)) problems.email = CONTACT_MESSAGES.email;
  if (!phone.valid || !phone.mobile) problems.phone = CONTACT_MESSAGES.phone;
  if (!postcode) problems.postcode = CONTACT_MESSAGES.postcode;
  if (Object.keys(problems).length) return json({ code: 'invalid', message: 'Some details are not valid', fields: problems }, 400);

  const existing = await env.DB.prepare('SELECT id FROM users WHERE email = ?1').bind(email).first();
  if (existing) return errorResponse(409, 'already_exists', 'There is already an account for this email');

  const now = clockNowIso();
  const { firstName, lastName } = splitName(name);
  const tier: CrmTier = body.marketingConsent === true ? 'marketing' : 'service';
  const referredBy = await referrerOf(env, body.referralCode);
  const user = await env.DB.prepare(
    `INSERT INTO users (user_id, email, first_name, last_name, phone, postcode, email_crm_tier, campaign, referred_by, created_at, updated_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?9, ?10, ?8, ?8) RETURNING *`,
  )
    .bind(crypto.randomUUID(), email, firstName, lastName, phone.e164, postcode, tier, now, campaignColumn(body.campaign), referredBy)
    .first<UserRow>();

  // The vehicles and enquiries the seller made before signing up become theirs.
  const requesterId = request.headers.get('x-requester-id');
  if (requesterId) await adoptRequesterEnquiries(env, user!.id, requesterId);

  const body201: AuthResponse = { tokens: await startSession(env, user!), user: await toUser(env, user!, true) };
  return json(body201, 201);
}

async function adoptRequesterEnquiries(env: PlatformEnv, userId: number, requesterId: string) {
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

/**
 * POST /platform/seller/generateOneTimeToken {email, redirectTo, linkBase}: e-mails a one-time
 * sign-in link. Past a limit the caller is treated as a robot (the limits above).
 */
export async function sendSignInLink(request: Request, env: PlatformEnv): Promise<Response> {
  const body = (await readJsonObject(request)) ?? {};
  const email = str(body.email).toLowerCase();
  const address = request.headers.get('x-client-ip') ?? 'unknown-address';
  const requester = request.headers.get('x-requester-id') ?? `address:${address}`;
  const now = clockNowMs();
  const robot = () => errorResponse(429, 'too_many_attempts', 'It looks like you are a robot');
  const window = Math.floor(now / TEN_MINUTES) * TEN_MINUTES;

  const failures = await env.DB.prepare('SELECT count FROM rate_limits WHERE key = ?1 AND window_start = ?2')
    .bind(`signin-fail:${requester}`, window)
    .first<{ count: number }>();
  if ((failures?.count ?? 0) >= SIGN_IN_FAILURES_PER_REQUESTER) return robot();
  const ceiling = await hitRateLimit(env.DB, `signin-address:${address}`, SIGN_IN_CEILING_PER_ADDRESS, TEN_MINUTES, now);
  if (!ceiling.allowed) return robot();

  if (!isEmail(email)) return errorResponse(400, 'invalid_email', CONTACT_MESSAGES.email);
  const linkBase = allowedLinkBase(env, str(body.linkBase));
  if (!linkBase) return errorResponse(400, 'invalid_link_base', 'Sign-in links cannot point there');

  const user = await env.DB.prepare('SELECT * FROM users WHERE email = ?1').bind(email).first<UserRow>();
  if (!user) {
    await hitRateLimit(env.DB, `signin-fail:${requester}`, SIGN_IN_FAILURES_PER_REQUESTER, TEN_MINUTES, now);
    return errorResponse(404, 'user_not_found', 'No account for that email address');
  }
  const perPair = await hitRateLimit(env.DB, `signin-pair:${address}:${email}`, SIGN_IN_LIMIT_PER_PAIR, TEN_MINUTES, now);
  if (!perPair.allowed) return robot();
  const perEmail = await hitRateLimit(env.DB, `signin-email:${email}`, SIGN_IN_LIMIT_PER_EMAIL, TEN_MINUTES, now);
  if (!perEmail.allowed) return robot();

  const token = randomToken();
  const ttl = intVar(env.SIGN_IN_LINK_TTL_SECONDS, DEFAULT_LINK_TTL);
  // A local path only: a sign-in link must never send a seller to another site.
  const redirectTo = safeRedirect(str(body.redirectTo));
  await env.DB.prepare('INSERT INTO sign_in_links (token_hash, user_id, redirect_to, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)')
    .bind(await sha256(token), user.id, redirectTo, new Date(now).toISOString(), new Date(now + ttl * 1000).toISOString())
    .run();
  const link = `${linkBase}/auth/verify?token=${encodeURIComponent(token)}`;
  await insertOutbox(
    env,
    email,
    'Your Kerbside sign-in link',
    `Hello ${user.first_name},\n\nUse this link to sign in. It works once, for the next ${Math.round(ttl / 60)} minutes:\n${link}\n\nIf you did not ask to sign in, you can ignore this e-mail.\n\nNo news and offers from us by e-mail: ${await unsubscribeLink(env, user.id, 'email', linkBase)}\nNo offers by text: ${await unsubscribeLink(env, user.id, 'sms', linkBase)}`,
    link,
  );
  return json({ sent: true }, 202);
}

/** POST /platform/api/authn/signin {token}: a sign-in link's token for a new session. */
export async function signInWithLink(request: Request, env: PlatformEnv): Promise<Response> {
  const token = str((await readJsonObject(request))?.token);
  if (!token) return errorResponse(400, 'token_invalid', 'The sign-in link is not valid');
  const hash = await sha256(token);
  const link = await env.DB.prepare('SELECT * FROM sign_in_links WHERE token_hash = ?1').bind(hash).first<{
    user_id: number;
    redirect_to: string;
    expires_at: string;
    used_at: string | null;
  }>();
  if (!link) return errorResponse(400, 'token_invalid', 'The sign-in link is not valid');
  if (link.used_at) return errorResponse(410, 'token_used', 'The sign-in link has already been used');
  if (Date.parse(link.expires_at) <= clockNowMs()) return errorResponse(410, 'token_expired', 'The sign-in link has expired');
  // Claim the link atomically: of two clicks racing, one wins.
  const claimed = await env.DB.prepare('UPDATE sign_in_links SET used_at = ?1 WHERE token_hash = ?2 AND used_at IS NULL RETURNING user_id')
    .bind(clockNowIso(), hash)
    .first();
  if (!claimed) return errorResponse(410, 'token_used', 'The sign-in link has already been used');
  const user = await env.DB.prepare('SELECT * FROM users WHERE id = ?1').bind(link.user_id).first<UserRow>();
  const requesterId = request.headers.get('x-requester-id');
  if (requesterId) await adoptRequesterEnquiries(env, user!.id, requesterId);
  const body: AuthResponse = { tokens: await startSession(env, user!), user: await toUser(env, user!, true), redirectTo: link.redirect_to };
  return json(body);
}

/** POST /platform/api/authn/refreshtoken {refreshToken}: a new id token for the same session. */
export async function refreshToken(request: Request, env: PlatformEnv): Promise<Response> {
  const token = str((await readJsonObject(request))?.refreshToken);
  if (!token) return errorResponse(400, 'refresh_token_missing', 'refreshToken is required');
  const session = await env.DB.prepare('SELECT id, user_id FROM sessions WHERE refresh_token_hash = ?1 AND revoked_at IS NULL')
    .bind(await sha256(token))
    .first<{ id: string; user_id: number }>();
  if (!session) return errorResponse(401, 'refresh_token_expired', 'Failed to refresh tokens. Refresh Token has expired');
  const user = await env.DB.prepare('SELECT id, email FROM users WHERE id = ?1').bind(session.user_id).first<{ id: number; email: string }>();
  await env.DB.prepare('UPDATE sessions SET refreshed_at = ?1 WHERE id = ?2').bind(clockNowIso(), session.id).run();
  return json({ idToken: await issueIdToken(env, user!, session.id), expiresIn: intVar(env.ID_TOKEN_TTL_SECONDS, 86_400) });
}

/** GET /platform/api/logout: revokes the session, its refresh token and auth token. */
export async function logout(request: Request, env: PlatformEnv): Promise<Response> {
  const caller = await requireCustomer(request, env);
  if (caller instanceof Response) return caller;
  await env.DB.prepare('UPDATE sessions SET revoked_at = ?1 WHERE id = ?2').bind(clockNowIso(), caller.sessionId).run();
  return new Response(null, { status: 204 });
}

/** GET /platform/api/session and GET /platform/user?include=tracker */
export async function currentUser(request: Request, env: PlatformEnv): Promise<Response> {
  const caller = await requireCustomer(request, env);
  if (caller instanceof Response) return caller;
  return json(await toUser(env, caller.user, true));
}

/** POST /platform/email-check {email, userId}: whether the address can be used for this user. */
export async function emailCheck(request: Request, env: PlatformEnv): Promise<Response> {
  const body = (await readJsonObject(request)) ?? {};
  const email = str(body.email).toLowerCase();
  if (!isEmail(email)) return json({ valid: false, message: 'invalid' } satisfies EmailCheckResponse);
  const owner = await env.DB.prepare('SELECT id FROM users WHERE email = ?1').bind(email).first<{ id: number }>();
  const free = !owner || owner.id === Number(body.userId);
  return json((free ? { valid: true } : { valid: false, message: 'already_exists' }) satisfies EmailCheckResponse);
}

/** GET /platform/api/phone-number-validation/{number}?mobileOnly=true */
export async function phoneValidation(request: Request, _env: PlatformEnv, _ctx: ExecutionContext, params: Record<string, string>) {
  const check = checkUkPhone(params.number ?? '');
  const mobileOnly = new URL(request.url).searchParams.get('mobileOnly') === 'true';
  const body: PhoneValidationResponse = { ...check, valid: check.valid && (!mobileOnly || check.mobile) };
  return json(body);
}

/** POST /platform/update-info {name?, phone?, postcode?, email?} */
export async function updateInfo(request: Request, env: PlatformEnv): Promise<Response> {
  const caller = await requireCustomer(request, env);
  if (caller instanceof Response) return caller;
  const body = (await readJsonObject(request)) ?? {};
  const user = caller.user;
  const next = { ...user };
  const problems: Record<string, string> = {};
  if (body.name !== undefined) {
    if (!isFullName(str(body.name))) problems.name = CONTACT_MESSAGES.name;
    else Object.assign(next, { first_name: splitName(str(body.name)).firstName, last_name: splitName(str(body.name)).lastName });
  }
  if (body.phone !== undefined) {
    const phone = checkUkPhone(str(body.phone));
    if (!phone.valid || !phone.mobile) problems.phone = CONTACT_MESSAGES.phone;
    else next.phone = phone.e164!;
  }
  if (body.postcode !== undefined) {
    const postcode = normalisePostcode(str(body.postcode));
    if (!postcode) problems.postcode = CONTACT_MESSAGES.postcode;
    else next.postcode = postcode;
  }
  if (Object.keys(problems).length) return json({ code: 'invalid', message: 'Some details are not valid', fields: problems }, 400);
  const updated = await env.DB.prepare(
    'UPDATE users SET first_name = ?1, last_name = ?2, phone = ?3, postcode = ?4, updated_at = ?5 WHERE id = ?6 RETURNING *',
  )
    .bind(next.first_name, next.last_name, next.phone, next.postcode, clockNowIso(), user.id)
    .first<UserRow>();
  return json(await toUser(env, updated!));
}

/** POST /platform/remove-vehicle {vehicleId} */
export async function removeVehicle(request: Request, env: PlatformEnv): Promise<Response> {
  const caller = await requireCustomer(request, env);
  if (caller instanceof Response) return caller;
  const vehicleId = Number((await readJsonObject(request))?.vehicleId);
  const removed = await env.DB.prepare('DELETE FROM customer_vehicles WHERE customer_id = ?1 AND vehicle_id = ?2 RETURNING vehicle_id')
    .bind(caller.user.id, vehicleId)
    .first();
  if (!removed) return errorResponse(404, 'vehicle_not_found', 'That vehicle is not in your account');
  return new Response(null, { status: 204 });
}

/** POST /platform/v3/customers/update-crm-tier {tier}: the seller's marketing consent. */
export async function updateCrmTier(request: Request, env: PlatformEnv): Promise<Response> {
  const caller = await requireCustomer(request, env);
  if (caller instanceof Response) return caller;
  const tier = (await readJsonObject(request))?.tier;
  if (tier !== 'marketing' && tier !== 'service') return errorResponse(400, 'invalid_tier', 'tier is marketing or service');
  const updated = await env.DB.prepare('UPDATE users SET email_crm_tier = ?1, updated_at = ?2 WHERE id = ?3 RETURNING *')
    .bind(tier, clockNowIso(), caller.user.id)
    .first<UserRow>();
  return json(await toUser(env, updated!));
}

/** GET /platform/dev/outbox?to=: the e-mails sent, newest first. Development and tests only. */
export async function devOutbox(request: Request, env: PlatformEnv): Promise<Response> {
  if (!devEndpointsOn(env)) {
    return errorResponse(404, 'not_found', 'No such endpoint');
  }
  const to = new URL(request.url).searchParams.get('to');
  const statement = to
    ? env.DB.prepare('SELECT * FROM outbox WHERE to_email = ?1 ORDER BY id DESC LIMIT 50').bind(to.toLowerCase())
    : env.DB.prepare('SELECT * FROM outbox ORDER BY id DESC LIMIT 50');
  const { results } = await statement.all();
  return json({ emails: results });
}

