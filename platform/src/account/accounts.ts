import { campaignColumn } from '../shell/analytics';
import type { AuthResponse, CrmTier, EmailCheckResponse, PhoneValidationResponse, SignUpLinkSent } from '../../../contract/accounts';
import { splitName } from '../../../contract/accounts';
import { checkUkPhone, CONTACT_MESSAGES, isEmail, isFullName, normalisePostcode } from '../../../contract/contact-validation';
import { idTokenTtl, issueIdToken, requireCustomer, rotateRefreshToken, startSession, type UserRow } from '../auth';
import { toUser } from '../entry/account-view';
import type { PlatformEnv } from '../env';
import { errorResponse, json, readJsonObject } from '../http';
import { hitRateLimit } from '../records/rate-limits';
import { adoptRequesterEnquiries, emailAddressProof, emailSignInLink } from './sign-in-links';
import { textMobileCode } from './mobile';
import { emailContactChange, emailSessionsEnded, maskPhone } from './notices';
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
  const address = request.headers.get('x-client-ip') ?? 'unknown-address';
  const now = clockNowMs();
  if (!(await hitRateLimit(env.DB, `signup-address:${address}`, SIGN_UP_LIMIT_PER_ADDRESS, TEN_MINUTES, now)).allowed) return robot();
  const browserKey = str(body.browserKey);
  const linkOptions = { redirectTo: str(body.redirectTo), browserKey };

  const existing = await env.DB.prepare('SELECT * FROM users WHERE email = ?1').bind(email).first<UserRow>();
  if (existing) {
    const perEmail = await hitRateLimit(env.DB, `signin-email:${email}`, SIGN_IN_LIMIT_PER_EMAIL, TEN_MINUTES, now);
    if (perEmail.allowed) await emailSignInLink(env, existing, { ...linkOptions, reason: 'signed_up_again' });
    return json({ linkSent: true } satisfies SignUpLinkSent, 202);
  }

  const createdAt = clockNowIso();
  const { firstName, lastName } = splitName(name);
  const tier: CrmTier = body.marketingConsent === true ? 'marketing' : 'service';
  // No referral here: it is attributed when the address is proven, from the browser that followed
  // the link (sign-in-links.ts), so a list of addresses signed up in advance earns nobody anything.
  // What is typed here is kept only if the address is proven from this same browser.
  const user = (await env.DB.prepare(
    `INSERT INTO users (user_id, email, first_name, last_name, phone, postcode, email_crm_tier, campaign, signup_browser_key_hash, created_at, updated_at)
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
      browserKey ? await sha256(browserKey) : null,
    )
    .first<UserRow>())!;

  // The vehicles and enquiries the seller made before signing up become theirs.
  const requesterId = request.headers.get('x-requester-id');
  if (requesterId) await adoptRequesterEnquiries(env, user.id, requesterId);
  await emailAddressProof(env, user, linkOptions);
  // The mobile hears nothing about the sale until its code is entered (mobile.ts). A text that
  // cannot go now does not undo the sign-up: the mobile's page sends another.
  if (user.phone) {
    await textMobileCode(env, user).catch((error: unknown) =>
      console.warn(JSON.stringify({ event: 'account.mobile_code_failed', error: String(error) })),
    );
  }

  const body201: AuthResponse = { tokens: await startSession(env, user, request), user: await toUser(env, user, true) };
  return json(body201, 201);
}

/**
 * POST /platform/seller/generateOneTimeToken {email, redirectTo, browserKey}: e-mails a one-time
 * sign-in link if the address has an account, and answers the same (202) either way. Past a limit
 * the caller is treated as a robot (the limits above).
 */
export async function sendSignInLink(request: Request, env: PlatformEnv): Promise<Response> {
  const body = (await readJsonObject(request)) ?? {};
  const email = str(body.email).toLowerCase();
  const address = request.headers.get('x-client-ip') ?? 'unknown-address';
  const now = clockNowMs();
  if (!(await hitRateLimit(env.DB, `signin-address:${address}`, SIGN_IN_LIMIT_PER_ADDRESS, TEN_MINUTES, now)).allowed) return robot();
  if (!isEmail(email)) return errorResponse(400, 'invalid_email', CONTACT_MESSAGES.email);
  if (!(await hitRateLimit(env.DB, `signin-pair:${address}:${email}`, SIGN_IN_LIMIT_PER_PAIR, TEN_MINUTES, now)).allowed) return robot();
  if (!(await hitRateLimit(env.DB, `signin-email:${email}`, SIGN_IN_LIMIT_PER_EMAIL, TEN_MINUTES, now)).allowed) return robot();
  // Known address or not, the same answer: nobody learns from this form who has an account.
  const user = await env.DB.prepare('SELECT * FROM users WHERE email = ?1').bind(email).first<UserRow>();
  if (user) await emailSignInLink(env, user, { redirectTo: str(body.redirectTo), browserKey: str(body.browserKey), reason: 'asked' });
  return json({ sent: true }, 202);
}

/**
 * POST /platform/api/authn/refreshtoken {refreshToken}: a new id token for the same session, and a
 * new refresh token in place of the one sent (auth.ts rotateRefreshToken). A replaced token sent
 * again ends the session for every copy of it, and its owner is told.
 */
export async function refreshToken(request: Request, env: PlatformEnv): Promise<Response> {
  const token = str((await readJsonObject(request))?.refreshToken);
  if (!token) return errorResponse(400, 'refresh_token_missing', 'refreshToken is required');
  const rotation = await rotateRefreshToken(env, token);
  if (rotation.kind === 'reused') {
    const user = await env.DB.prepare('SELECT * FROM users WHERE id = ?1').bind(rotation.session.user_id).first<UserRow>();
    if (user) await emailSessionsEnded(env, user, rotation.session.id, 'copied');
    return errorResponse(401, 'refresh_token_reused', 'This sign-in was used from two places, so it has ended. Please sign in again');
  }
  // Revoked, unknown, or past the session limits (30 days from sign-in, 7 days unused): the app signs the seller out.
  if (rotation.kind === 'refused')
    return errorResponse(401, 'refresh_token_expired', 'Failed to refresh tokens. Refresh Token has expired');
  const user = await env.DB.prepare('SELECT id, email FROM users WHERE id = ?1')
    .bind(rotation.session.user_id)
    .first<{ id: number; email: string }>();
  return json({
    idToken: await issueIdToken(env, user!, rotation.session.id),
    refreshToken: rotation.refreshToken,
    expiresIn: idTokenTtl(env),
  });
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

/**
 * POST /platform/update-info {name?, phone?, postcode?} → User. A new mobile is not the account's
 * until the code texted to it is entered (mobile.ts): a proven number keeps the texts meanwhile.
 * Every change is told to the account's address. Saving all three confirms the details an account
 * had cleared at proof (docs/decisions/031).
 */
export async function updateInfo(request: Request, env: PlatformEnv): Promise<Response> {
  const caller = await requireCustomer(request, env);
  if (caller instanceof Response) return caller;
  const body = (await readJsonObject(request)) ?? {};
  const user = caller.user;
  const next = { ...user };
  const problems: Record<string, string> = {};
  const changes: string[] = [];
  if (body.name !== undefined) {
    if (!isFullName(str(body.name))) problems.name = CONTACT_MESSAGES.name;
    else Object.assign(next, { first_name: splitName(str(body.name)).firstName, last_name: splitName(str(body.name)).lastName });
  }
  let newNumber: string | null = null;
  if (body.phone !== undefined) {
    const phone = checkUkPhone(str(body.phone));
    if (!phone.valid || !phone.mobile) problems.phone = CONTACT_MESSAGES.phone;
    else if (phone.e164 !== user.phone || user.phone_pending) newNumber = phone.e164!;
  }
  if (body.postcode !== undefined) {
    const postcode = normalisePostcode(str(body.postcode));
    if (!postcode) problems.postcode = CONTACT_MESSAGES.postcode;
    else next.postcode = postcode;
  }
  if (Object.keys(problems).length) return json({ code: 'invalid', message: 'Some details are not valid', fields: problems }, 400);
  if (newNumber) {
    if (newNumber === user.phone) next.phone_pending = null;
    // A proven number keeps its texts until the new one's code is entered; an unproven one is simply replaced.
    else if (user.phone_verified_at) next.phone_pending = newNumber;
    else Object.assign(next, { phone: newNumber, phone_verified_at: null, phone_pending: null });
    if (newNumber !== user.phone)
      changes.push(`the mobile number was changed to ${maskPhone(newNumber)}: it gets texts once the code we texted it is entered`);
  }
  if (next.first_name !== user.first_name || next.last_name !== user.last_name) changes.push('the name was changed');
  if (next.postcode !== user.postcode) changes.push(`the postcode was changed to ${next.postcode}`);
  const confirmsDetails = body.name !== undefined && body.phone !== undefined && body.postcode !== undefined;
  const updated = (await env.DB.prepare(
    `UPDATE users SET first_name = ?1, last_name = ?2, phone = ?3, postcode = ?4, phone_verified_at = ?5, phone_pending = ?6,
       details_to_confirm = CASE WHEN ?7 THEN 0 ELSE details_to_confirm END, updated_at = ?8
     WHERE id = ?9 RETURNING *`,
  )
    .bind(
      next.first_name,
      next.last_name,
      next.phone,
      next.postcode,
      next.phone_verified_at ?? null,
      next.phone_pending ?? null,
      confirmsDetails ? 1 : 0,
      clockNowIso(),
      user.id,
    )
    .first<UserRow>())!;
  if (newNumber && newNumber !== user.phone) {
    await textMobileCode(env, updated).catch((error: unknown) =>
      console.warn(JSON.stringify({ event: 'account.mobile_code_failed', error: String(error) })),
    );
  }
  await emailContactChange(env, updated, caller.sessionId, changes);
  return json(await toUser(env, updated));
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

/** POST /platform/v3/customers/update-crm-tier {tier}: the seller's marketing consent, told to their address when it changes. */
export async function updateCrmTier(request: Request, env: PlatformEnv): Promise<Response> {
  const caller = await requireCustomer(request, env);
  if (caller instanceof Response) return caller;
  const tier = (await readJsonObject(request))?.tier;
  if (tier !== 'marketing' && tier !== 'service') return errorResponse(400, 'invalid_tier', 'tier is marketing or service');
  const updated = await env.DB.prepare('UPDATE users SET email_crm_tier = ?1, updated_at = ?2 WHERE id = ?3 RETURNING *')
    .bind(tier, clockNowIso(), caller.user.id)
    .first<UserRow>();
  if (tier !== caller.user.email_crm_tier) {
    const change = tier === 'marketing' ? 'news, tips and offers by e-mail were turned on' : 'news, tips and offers by e-mail were stopped';
    await emailContactChange(env, updated!, caller.sessionId, [change]);
  }
  return json(await toUser(env, updated!));
}

/**
 * POST /platform/v3/customers/texts {texts}: the seller's texts about their sale, on or stopped, from
 * the account page. Stopping works at once, for texts already queued too (notify/consumer.ts reads it
 * when it sends). Either way the account's address is told: a stolen session that stops the texts
 * must not leave the owner hearing nothing.
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
  const wasOn = !caller.user.sms_stopped_at;
  if (texts !== wasOn) {
    await emailContactChange(env, updated!, caller.sessionId, [
      texts ? 'texts about your sale were turned on' : 'texts about your sale were stopped',
    ]);
  }
  return json(await toUser(env, updated!));
}
