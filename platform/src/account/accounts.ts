import type { AuthResponse, CrmTier, EmailCheckResponse, PhoneValidationResponse, SignUpLinkSent } from '../../../contract/accounts';
import { splitName } from '../../../contract/accounts';
import { checkUkPhone, CONTACT_MESSAGES, isEmail, isFullName, normalisePostcode } from '../../../contract/contact-validation';
import type { endpoints } from '../../../contract/endpoints';
import { idTokenTtl, issueIdToken, rotateRefreshToken, startSession } from '../auth';
import { clockNowIso, clockNowMs } from '../clock';
import { toUser } from '../entry/account-view';
import { findCustomer, findCustomerByEmail } from '../records/customers';
import { hitRateLimit } from '../records/rate-limits';
import { revokeSession } from '../records/sessions';
import type { TypedHandler } from '../router';
import { campaignColumn } from '../shell/analytics';
import { sha256 } from '../tokens';
import { textMobileCode } from './mobile';
import { emailContactChange, emailSessionsEnded, maskPhone } from './notices';
import { adoptRequesterEnquiries, emailAddressProof, emailSignInLink } from './sign-in-links';
import { addressTakenByOther, insertCustomer, removeCustomerVehicle, setCrmTier, setTexts, updateCustomerDetails } from './store';

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

const ROBOT = 'It looks like you are a robot';
const addressOf = (request: Request) => request.headers.get('x-client-ip') ?? 'unknown-address';
const logFailedCode = (error: unknown) => console.warn(JSON.stringify({ event: 'account.mobile_code_failed', error: String(error) }));

/**
 * POST /platform/api/authn/signup: creates the account (its address not yet proven), takes over
 * the seller's anonymous enquiries and signs in, and e-mails the link that proves the address.
 * An address that already has an account gets a sign-in link instead, and the caller learns only
 * that a link has gone (202 SignUpLinkSent): the page says nothing about the account.
 */
export const signUp: TypedHandler<typeof endpoints.account.signUp> = async ({ body, caller }, ctx) => {
  const { env, request } = ctx;
  const email = body.email.toLowerCase();
  // Only a tracker sign-up goes without a mobile and postcode: any other purpose, or none, is a sale's.
  const forTracker = body.purpose === 'tracker';
  const phone = forTracker ? null : checkUkPhone(body.phone ?? '');
  const postcode = forTracker ? '' : normalisePostcode(body.postcode ?? '');
  const fields: Record<string, string> = {};
  if (!isFullName(body.name)) fields.name = CONTACT_MESSAGES.name;
  if (!isEmail(email)) fields.email = CONTACT_MESSAGES.email;
  if (phone && (!phone.valid || !phone.mobile)) fields.phone = CONTACT_MESSAGES.phone;
  if (postcode === null) fields.postcode = CONTACT_MESSAGES.postcode;
  if (Object.keys(fields).length) return ctx.outcome({ status: 400, code: 'invalid', message: 'Some details are not valid', fields });
  const now = clockNowMs();
  const limited = await hitRateLimit(env.DB, `signup-address:${addressOf(request)}`, SIGN_UP_LIMIT_PER_ADDRESS, TEN_MINUTES, now);
  if (!limited.allowed) return ctx.outcome({ status: 429, code: 'too_many_attempts', message: ROBOT });
  const linkOptions = { redirectTo: body.redirectTo ?? '', browserKey: body.browserKey ?? '' };

  const existing = await findCustomerByEmail(env.DB, email);
  if (existing) {
    const perEmail = await hitRateLimit(env.DB, `signin-email:${email}`, SIGN_IN_LIMIT_PER_EMAIL, TEN_MINUTES, now);
    if (perEmail.allowed) await emailSignInLink(env, existing, { ...linkOptions, reason: 'signed_up_again' });
    return ctx.accepted({ linkSent: true } satisfies SignUpLinkSent);
  }

  const { firstName, lastName } = splitName(body.name);
  // No referral here: it is attributed when the address is proven, from the browser that followed
  // the link (sign-in-links.ts), so a list of addresses signed up in advance earns nobody anything.
  // What is typed here is kept only if the address is proven from this same browser.
  const user = await insertCustomer(env.DB, {
    userId: crypto.randomUUID(),
    email,
    firstName,
    lastName,
    phone: phone?.e164 ?? '',
    postcode: postcode ?? '',
    tier: body.marketingConsent === true ? 'marketing' : 'service',
    campaign: campaignColumn(body.campaign),
    signupBrowserKeyHash: linkOptions.browserKey ? await sha256(linkOptions.browserKey) : null,
    at: clockNowIso(),
  });

  // The vehicles and enquiries the seller made before signing up become theirs.
  if (caller.requesterId) await adoptRequesterEnquiries(env, user.id, caller.requesterId);
  await emailAddressProof(env, user, linkOptions);
  // The mobile hears nothing about the sale until its code is entered (mobile.ts). A text that
  // cannot go now does not undo the sign-up: the mobile's page sends another.
  if (user.phone) await textMobileCode(env, user).catch(logFailedCode);

  return ctx.created({ tokens: await startSession(env, user, request), user: await toUser(env, user, true) } satisfies AuthResponse);
};

/**
 * POST /platform/seller/generateOneTimeToken {email, redirectTo, browserKey}: e-mails a one-time
 * sign-in link if the address has an account, and answers the same (202) either way. Past a limit
 * the caller is treated as a robot (the limits above).
 */
export const sendSignInLink: TypedHandler<typeof endpoints.account.sendSignInLink> = async ({ body }, ctx) => {
  const { env, request } = ctx;
  const email = body.email.toLowerCase();
  const address = addressOf(request);
  const now = clockNowMs();
  const robot = () => ctx.outcome({ status: 429, code: 'too_many_attempts', message: ROBOT });
  if (!(await hitRateLimit(env.DB, `signin-address:${address}`, SIGN_IN_LIMIT_PER_ADDRESS, TEN_MINUTES, now)).allowed) return robot();
  if (!isEmail(email)) return ctx.outcome({ status: 400, code: 'invalid_email', message: CONTACT_MESSAGES.email });
  if (!(await hitRateLimit(env.DB, `signin-pair:${address}:${email}`, SIGN_IN_LIMIT_PER_PAIR, TEN_MINUTES, now)).allowed) return robot();
  if (!(await hitRateLimit(env.DB, `signin-email:${email}`, SIGN_IN_LIMIT_PER_EMAIL, TEN_MINUTES, now)).allowed) return robot();
  // Known address or not, the same answer: nobody learns from this form who has an account.
  const user = await findCustomerByEmail(env.DB, email);
  if (user) await emailSignInLink(env, user, { redirectTo: body.redirectTo ?? '', browserKey: body.browserKey ?? '', reason: 'asked' });
  return ctx.accepted({ sent: true });
};

/**
 * POST /platform/api/authn/refreshtoken {refreshToken}: a new id token for the same session, and a
 * new refresh token in place of the one sent (auth.ts rotateRefreshToken). A replaced token sent
 * again ends the session for every copy of it, and its owner is told.
 */
export const refreshToken: TypedHandler<typeof endpoints.account.refreshToken> = async ({ body }, ctx) => {
  const { env } = ctx;
  const rotation = await rotateRefreshToken(env, body.refreshToken);
  if (rotation.kind === 'reused') {
    const user = await findCustomer(env.DB, rotation.session.user_id);
    if (user) await emailSessionsEnded(env, user, rotation.session.id, 'copied');
    return ctx.outcome({
      status: 401,
      code: 'refresh_token_reused',
      message: 'This sign-in was used from two places, so it has ended. Please sign in again',
    });
  }
  // Revoked, unknown, or past the session limits (30 days from sign-in, 7 days unused): the app signs the seller out.
  if (rotation.kind === 'refused') {
    return ctx.outcome({ status: 401, code: 'refresh_token_expired', message: 'Failed to refresh tokens. Refresh Token has expired' });
  }
  const user = (await findCustomer(env.DB, rotation.session.user_id))!;
  return { idToken: await issueIdToken(env, user, rotation.session.id), refreshToken: rotation.refreshToken, expiresIn: idTokenTtl(env) };
};

/** GET /platform/api/logout: revokes the session, its refresh token and auth token. */
export const logout: TypedHandler<typeof endpoints.account.logout> = async ({ customer }, ctx) => {
  await revokeSession(ctx.env.DB, customer.sessionId, clockNowIso());
  return ctx.noContent();
};

/** GET /platform/api/session and GET /platform/user?include=tracker */
export const currentUser: TypedHandler<typeof endpoints.account.session | typeof endpoints.account.user> = async ({ customer }, ctx) =>
  toUser(ctx.env, customer.user, true);

/** POST /platform/email-check {email}: whether the address can be used for this seller. */
export const emailCheck: TypedHandler<typeof endpoints.account.emailCheck> = async ({ body, customer }, ctx) => {
  // Only for a signed-in seller choosing a new address: to anyone else it would say who has an account.
  const email = body.email.toLowerCase();
  if (!isEmail(email)) return { valid: false, message: 'invalid' } satisfies EmailCheckResponse;
  return (
    (await addressTakenByOther(ctx.env.DB, email, customer.user.id)) ? { valid: false, message: 'already_exists' } : { valid: true }
  ) satisfies EmailCheckResponse;
};

/** GET /platform/api/phone-number-validation/{number}?mobileOnly=true */
export const phoneValidation: TypedHandler<typeof endpoints.account.phoneValidation> = async ({ params, query }) => {
  const check = checkUkPhone(params.number);
  return { ...check, valid: check.valid && (query.mobileOnly !== 'true' || check.mobile) } satisfies PhoneValidationResponse;
};

/**
 * POST /platform/update-info {name?, phone?, postcode?} → User. A new mobile is not the account's
 * until the code texted to it is entered (mobile.ts): a proven number keeps the texts meanwhile.
 * Every change is told to the account's address. Saving all three confirms the details an account
 * had cleared at proof (docs/decisions/031).
 */
export const updateInfo: TypedHandler<typeof endpoints.account.updateInfo> = async ({ body, customer }, ctx) => {
  const { env } = ctx;
  const user = customer.user;
  const next = {
    first_name: user.first_name,
    last_name: user.last_name,
    phone: user.phone,
    postcode: user.postcode,
    phone_verified_at: user.phone_verified_at ?? null,
    phone_pending: user.phone_pending ?? null,
  };
  const fields: Record<string, string> = {};
  const changes: string[] = [];
  if (body.name !== undefined) {
    if (!isFullName(body.name)) fields.name = CONTACT_MESSAGES.name;
    else Object.assign(next, { first_name: splitName(body.name).firstName, last_name: splitName(body.name).lastName });
  }
  let newNumber: string | null = null;
  if (body.phone !== undefined) {
    const phone = checkUkPhone(body.phone);
    if (!phone.valid || !phone.mobile) fields.phone = CONTACT_MESSAGES.phone;
    else if (phone.e164 !== user.phone || user.phone_pending) newNumber = phone.e164!;
  }
  if (body.postcode !== undefined) {
    const postcode = normalisePostcode(body.postcode);
    if (!postcode) fields.postcode = CONTACT_MESSAGES.postcode;
    else next.postcode = postcode;
  }
  if (Object.keys(fields).length) return ctx.outcome({ status: 400, code: 'invalid', message: 'Some details are not valid', fields });
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
  const confirms = body.name !== undefined && body.phone !== undefined && body.postcode !== undefined;
  const updated = await updateCustomerDetails(env.DB, user.id, next, { confirms, at: clockNowIso() });
  if (newNumber && newNumber !== user.phone) await textMobileCode(env, updated).catch(logFailedCode);
  await emailContactChange(env, updated, customer.sessionId, changes);
  return toUser(env, updated);
};

/** POST /platform/remove-vehicle {vehicleId} */
export const removeVehicle: TypedHandler<typeof endpoints.account.removeVehicle> = async ({ body, customer }, ctx) => {
  if (!(await removeCustomerVehicle(ctx.env.DB, customer.user.id, body.vehicleId))) {
    return ctx.outcome({ status: 404, code: 'vehicle_not_found', message: 'That vehicle is not in your account' });
  }
  return ctx.noContent();
};

/** POST /platform/v3/customers/update-crm-tier {tier}: the seller's marketing consent, told to their address when it changes. */
export const updateCrmTier: TypedHandler<typeof endpoints.account.updateCrmTier> = async ({ body, customer }, ctx) => {
  const tier: CrmTier = body.tier;
  const updated = await setCrmTier(ctx.env.DB, customer.user.id, tier, clockNowIso());
  if (tier !== customer.user.email_crm_tier) {
    const change = tier === 'marketing' ? 'news, tips and offers by e-mail were turned on' : 'news, tips and offers by e-mail were stopped';
    await emailContactChange(ctx.env, updated, customer.sessionId, [change]);
  }
  return toUser(ctx.env, updated);
};

/**
 * POST /platform/v3/customers/texts {texts}: the seller's texts about their sale, on or stopped, from
 * the account page. Stopping works at once, for texts already queued too (notify/consumer.ts reads it
 * when it sends). Either way the account's address is told: a stolen session that stops the texts
 * must not leave the owner hearing nothing.
 */
export const updateTexts: TypedHandler<typeof endpoints.account.updateTexts> = async ({ body, customer }, ctx) => {
  const updated = await setTexts(ctx.env.DB, customer.user.id, body.texts, clockNowIso());
  if (body.texts !== !customer.user.sms_stopped_at) {
    const change = body.texts ? 'texts about your sale were turned on' : 'texts about your sale were stopped';
    await emailContactChange(ctx.env, updated, customer.sessionId, [change]);
  }
  return toUser(ctx.env, updated);
};
