import { campaignColumn } from '../shell/analytics';
import { referrerOf } from './referrals';
import type { AuthResponse, CrmTier, EmailCheckResponse, PhoneValidationResponse, SignUpLinkSent } from '../../../contract/accounts';
import { splitName } from '../../../contract/accounts';
import { checkUkPhone, CONTACT_MESSAGES, isEmail, isFullName, normalisePostcode } from '../../../contract/contact-validation';
import { issueIdToken, requireCustomer, startSession, type UserRow, LIVE_SESSION_COLUMNS, type LiveSessionRow } from '../auth';
import { toUser } from '../entry/account-view';
import { sessionEnded } from '../session-limits';
import { devEndpointsOn, intVar, type PlatformEnv } from '../env';
import { allowedLinkBase } from '../outbox';
import { errorResponse, json, readJsonObject } from '../http';
import { hitRateLimit } from '../rate-limit';
import { adoptRequesterEnquiries, emailAddressProof, emailSignInLink } from './sign-in-links';
import { sha256 } from '../tokens';
import { str } from '../util';
import { clockNowIso, clockNowMs } from '../clock';

const TEN_MINUTES = 600_000;
/**
 * Limits on what e-mails a link, each in ten minutes (docs/sign-in-limits.md). Keyed so that
 * nobody else's attempts can lock a genuine seller out for long, and counted per network address
 * across sessions, so a fresh cookie per try gets round nothing:
 * - per network address and e-mail address pair: 5 sign-in links;
 * - per e-mail address, from anywhere: 20 links (the mailbox's own protection);
 * - per network address: 30 sign-in requests and 10 sign-ups (mobile networks and offices put
 *   many sellers behind one address, but no seller asks for more).
 * Sign-in and sign-up answer the same whether or not the address has an account.
 */
export const SIGN_IN_LIMIT_PER_PAIR = 5;
export const SIGN_IN_LIMIT_PER_EMAIL = 20;
export const SIGN_IN_LIMIT_PER_ADDRESS = 30;
export const SIGN_UP_LIMIT_PER_ADDRESS = 10;

const robot = () => errorResponse(429, 'too_many_attempts', 'It looks like you are a robot');

/**
 * POST /platform/api/authn/signup: creates the account (its address not yet proven), takes over
 * the seller's anonymous enquiries and signs in, and e-mails the link that proves the address.
 * An address that already has an account gets a sign-in link instead, and the caller learns only
 * that a link has gone (202 SignUpLinkSent): the page says nothing about the account.
 */
export async function signUp(request: Request, env: PlatformEnv): Promise<Response> {
  const body = (await readJsonObject(request)) ?? {};
  const name = str(body.name);
  const email = str(body.email).toLowerCase();
  // Only a tracker sign-up goes without a mobile and postcode: any other purpose, or none, is a sale's.
  const forTracker = body.purpose === 'tracker';
  const phone = forTracker ? null : checkUkPhone(str(body.phone));
  const postcode = forTracker ? '' : normalisePostcode(str(body.postcode));
  const problems: Record<string, string> = {};
  if (!isFullName(name)) problems.name = CONTACT_MESSAGES.name;
  if (!isEmail(email)) problems.email = CONTACT_MESSAGES.email;
  if (phone && (!phone.valid || !phone.mobile)) problems.phone = CONTACT_MESSAGES.phone;
  if (postcode === null) problems.postcode = CONTACT_MESSAGES.postcode;
  if (Object.keys(problems).length) return json({ code: 'invalid', message: 'Some details are not valid', fields: problems }, 400);
  const linkBase = allowedLinkBase(env, str(body.linkBase));
  if (!linkBase) return errorResponse(400, 'invalid_link_base', 'Links cannot point there');
  const address = request.headers.get('x-client-ip') ?? 'unknown-address';
  const now = clockNowMs();
  if (!(await hitRateLimit(env.DB, `signup-address:${address}`, SIGN_UP_LIMIT_PER_ADDRESS, TEN_MINUTES, now)).allowed) return robot();
  const linkOptions = { redirectTo: str(body.redirectTo), linkBase, browserKey: str(body.browserKey) };

  const existing = await env.DB.prepare('SELECT * FROM users WHERE email = ?1').bind(email).first<UserRow>();
  if (existing) {
    const perEmail = await hitRateLimit(env.DB, `signin-email:${email}`, SIGN_IN_LIMIT_PER_EMAIL, TEN_MINUTES, now);
    if (perEmail.allowed) await emailSignInLink(env, existing, { ...linkOptions, reason: 'signed_up_again' });
    return json({ linkSent: true } satisfies SignUpLinkSent, 202);
  }

  const createdAt = clockNowIso();
  const { firstName, lastName } = splitName(name);
  const tier: CrmTier = body.marketingConsent === true ? 'marketing' : 'service';
  const referredBy = await referrerOf(env, body.referralCode);
  const user = (await env.DB.prepare(
    `INSERT INTO users (user_id, email, first_name, last_name, phone, postcode, email_crm_tier, campaign, referred_by, created_at, updated_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?9, ?10, ?8, ?8) RETURNING *`,
  )
    .bind(
      crypto.randomUUID(),
      email,
      firstName,
      lastName,
      phone?.e164 ?? '',
      postcode,
      tier,
      createdAt,
      campaignColumn(body.campaign),
      referredBy,
    )
    .first<UserRow>())!;

  // The vehicles and enquiries the seller made before signing up become theirs.
  const requesterId = request.headers.get('x-requester-id');
  if (requesterId) await adoptRequesterEnquiries(env, user.id, requesterId);
  await emailAddressProof(env, user, linkOptions);

  const body201: AuthResponse = { tokens: await startSession(env, user, request), user: await toUser(env, user, true) };
  return json(body201, 201);
}

/**
 * POST /platform/seller/generateOneTimeToken {email, redirectTo, linkBase, browserKey}: e-mails
 * a one-time sign-in link if the address has an account, and answers the same (202) either way.
 * Past a limit the caller is treated as a robot (the limits above).
 */
export async function sendSignInLink(request: Request, env: PlatformEnv): Promise<Response> {
  const body = (await readJsonObject(request)) ?? {};
  const email = str(body.email).toLowerCase();
  const address = request.headers.get('x-client-ip') ?? 'unknown-address';
  const now = clockNowMs();
  if (!(await hitRateLimit(env.DB, `signin-address:${address}`, SIGN_IN_LIMIT_PER_ADDRESS, TEN_MINUTES, now)).allowed) return robot();
  if (!isEmail(email)) return errorResponse(400, 'invalid_email', CONTACT_MESSAGES.email);
  const linkBase = allowedLinkBase(env, str(body.linkBase));
  if (!linkBase) return errorResponse(400, 'invalid_link_base', 'Sign-in links cannot point there');
  if (!(await hitRateLimit(env.DB, `signin-pair:${address}:${email}`, SIGN_IN_LIMIT_PER_PAIR, TEN_MINUTES, now)).allowed) return robot();
  if (!(await hitRateLimit(env.DB, `signin-email:${email}`, SIGN_IN_LIMIT_PER_EMAIL, TEN_MINUTES, now)).allowed) return robot();
  // Known address or not, the same answer: nobody learns from this form who has an account.
  const user = await env.DB.prepare('SELECT * FROM users WHERE email = ?1').bind(email).first<UserRow>();
  if (user)
    await emailSignInLink(env, user, { redirectTo: str(body.redirectTo), linkBase, browserKey: str(body.browserKey), reason: 'asked' });
  return json({ sent: true }, 202);
}

/** POST /platform/api/authn/refreshtoken {refreshToken}: a new id token for the same session. */
export async function refreshToken(request: Request, env: PlatformEnv): Promise<Response> {
  const token = str((await readJsonObject(request))?.refreshToken);
  if (!token) return errorResponse(400, 'refresh_token_missing', 'refreshToken is required');
  const session = await env.DB.prepare(`SELECT ${LIVE_SESSION_COLUMNS} FROM sessions WHERE refresh_token_hash = ?1 AND revoked_at IS NULL`)
    .bind(await sha256(token))
    .first<LiveSessionRow>();
  // Revoked, unknown, or past the session limits (30 days from sign-in, 7 days unused): the app signs the seller out.
  if (!session || sessionEnded(session, clockNowMs())) {
    return errorResponse(401, 'refresh_token_expired', 'Failed to refresh tokens. Refresh Token has expired');
  }
  const user = await env.DB.prepare('SELECT id, email FROM users WHERE id = ?1')
    .bind(session.user_id)
    .first<{ id: number; email: string }>();
  // A refresh is a use: it keeps the session from its 7-day idle end (never past its 30-day one).
  await env.DB.prepare('UPDATE sessions SET refreshed_at = ?1, last_seen_at = ?1 WHERE id = ?2').bind(clockNowIso(), session.id).run();
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
  // Only for a signed-in seller choosing a new address: to anyone else it would say who has an account.
  const caller = await requireCustomer(request, env);
  if (caller instanceof Response) return caller;
  const body = (await readJsonObject(request)) ?? {};
  const email = str(body.email).toLowerCase();
  if (!isEmail(email)) return json({ valid: false, message: 'invalid' } satisfies EmailCheckResponse);
  const owner = await env.DB.prepare('SELECT id FROM users WHERE email = ?1').bind(email).first<{ id: number }>();
  const free = !owner || owner.id === caller.user.id;
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

/**
 * POST /platform/v3/customers/texts {texts}: the seller's texts about their sale, on or stopped, from
 * the account page. Stopping works at once, for texts already queued too (notify/consumer.ts reads it
 * when it sends).
 */
export async function updateTexts(request: Request, env: PlatformEnv): Promise<Response> {
  const caller = await requireCustomer(request, env);
  if (caller instanceof Response) return caller;
  const texts = (await readJsonObject(request))?.texts;
  if (typeof texts !== 'boolean') return errorResponse(400, 'bad_request', 'texts is true or false');
  const updated = await env.DB.prepare(
    'UPDATE users SET sms_stopped_at = CASE WHEN ?1 THEN NULL ELSE COALESCE(sms_stopped_at, ?2) END, updated_at = ?2 WHERE id = ?3 RETURNING *',
  )
    .bind(texts ? 1 : 0, clockNowIso(), caller.user.id)
    .first<UserRow>();
  return json(await toUser(env, updated!));
}

/**
 * GET /platform/dev/outbox?to=: the e-mails and texts sent, newest first (`to` picks one address's
 * e-mails), and the messages given up on. Development and tests only.
 */
export async function devOutbox(request: Request, env: PlatformEnv): Promise<Response> {
  if (!devEndpointsOn(env)) {
    return errorResponse(404, 'not_found', 'No such endpoint');
  }
  const to = new URL(request.url).searchParams.get('to');
  const statement = to
    ? env.DB.prepare('SELECT * FROM outbox WHERE to_email = ?1 ORDER BY id DESC LIMIT 50').bind(to.toLowerCase())
    : env.DB.prepare('SELECT * FROM outbox ORDER BY id DESC LIMIT 50');
  const { results } = await statement.all();
  const { results: deadLetters } = await env.DB.prepare(
    `SELECT f.id, f.event_key, f.enquiry_id, f.failed_at,
       (SELECT group_concat(d.channel || ': ' || coalesce(d.last_error, ''), '; ') FROM notification_deliveries d
        WHERE d.event_key = f.event_key AND d.enquiry_id = f.enquiry_id AND d.status = 'failed') AS errors
     FROM notification_failures f ORDER BY f.id DESC LIMIT 20`,
  ).all();
  return json({ emails: results, deadLetters });
}
