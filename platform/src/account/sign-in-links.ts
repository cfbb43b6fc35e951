import { maskEmail, type AuthResponse, type LinkInfoResponse } from '../../../contract/accounts';
import type { endpoints } from '../../../contract/endpoints';
import { safeRedirect } from '../../../contract/safe-redirect';
import { CLIENT_USER_AGENT_HEADER } from '../../../contract/sessions';
import { networkOf, openSession, type UserRow } from '../auth';
import { clockNowIso, clockNowMs } from '../clock';
import { toUser } from '../entry/account-view';
import { intVar, type PlatformEnv } from '../env';
import { notifyAccount } from '../notify/messages';
import { greeting, sendEmail } from '../outbox';
import { requirePublicOrigin } from '../public-origin';
import { findCustomer } from '../records/customers';
import { retireMobileCodesStatement } from '../records/one-time-codes';
import { hadSessionLike, revokeSessionsStatement } from '../records/sessions';
import type { TypedHandler } from '../router';
import { randomToken, sha256 } from '../tokens';
import { adoptRequesterTrackers } from '../tracker/trackers';
import { unsubscribeLink } from '../unsubscribe';
import { describeDevice } from '../user-agent';
import { emailNewDevice } from './notices';
import { referrerOf } from './referrals';
import {
  adoptEnquiriesStatements,
  claimLink,
  clearTypedDetailsStatement,
  findLink as findLinkRow,
  insertLink,
  proveAddressStatement,
  type LinkRow,
} from './store';

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

export type LinkPurpose = LinkRow['purpose'];

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
  await insertLink(env.DB, {
    token_hash: await sha256(token),
    user_id: user.id,
    // A local path only: a link must never send a seller to another site.
    redirect_to: safeRedirect(options.redirectTo),
    created_at: new Date(now).toISOString(),
    expires_at: new Date(now + linkTtl(env) * 1000).toISOString(),
    browser_key_hash: options.browserKey ? await sha256(options.browserKey) : null,
    purpose: options.purpose,
  });
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
  const link = await findLinkRow(env.DB, hash);
  if (!link) return { problem: 'token_invalid' };
  if (link.used_at) return { problem: 'token_used' };
  if (Date.parse(link.expires_at) <= clockNowMs()) return { problem: 'token_expired' };
  return { link, hash };
}

async function isSameBrowser(link: LinkRow, browserKey: string): Promise<boolean> {
  return Boolean(link.browser_key_hash && browserKey && (await sha256(browserKey)) === link.browser_key_hash);
}

/** POST /platform/api/authn/link-info {token, browserKey}: what the page a link opens may say. Changes nothing. */
export const linkInfo: TypedHandler<typeof endpoints.account.linkInfo> = async ({ body }, ctx) => {
  const found = await findLink(ctx.env, body.token);
  if ('problem' in found) return { valid: false, reason: found.problem } satisfies LinkInfoResponse;
  const user = (await findCustomer(ctx.env.DB, found.link.user_id))!;
  return {
    valid: true,
    sameBrowser: await isSameBrowser(found.link, body.browserKey ?? ''),
    maskedEmail: maskEmail(user.email),
  } satisfies LinkInfoResponse;
};

const LINK_PROBLEMS = {
  token_invalid: 'The sign-in link is not valid',
  token_used: 'The sign-in link has already been used',
  token_expired: 'The sign-in link has expired',
} as const;

/**
 * POST /platform/api/authn/signin {token, browserKey, adopt, referralCode}: a link's token for a
 * new session. The caller's anonymous cars join the account when the link is opened in the browser
 * that asked for it, or when the seller said so on the page (adopt).
 */
export const signInWithLink: TypedHandler<typeof endpoints.account.signIn> = async ({ body, caller }, ctx) => {
  const { env, request } = ctx;
  const found = await findLink(env, body.token);
  if ('problem' in found) {
    return found.problem === 'token_invalid'
      ? ctx.outcome({ status: 400, code: found.problem, message: LINK_PROBLEMS[found.problem] })
      : ctx.outcome({ status: 410, code: found.problem, message: LINK_PROBLEMS[found.problem] });
  }
  const { link, hash } = found;
  if (!(await claimLink(env.DB, hash, clockNowIso())))
    return ctx.outcome({ status: 410, code: 'token_used', message: LINK_PROBLEMS.token_used });
  let user = (await findCustomer(env.DB, link.user_id))!;
  const browserKey = body.browserKey ?? '';
  const sameBrowser = await isSameBrowser(link, browserKey);
  if (caller.requesterId && (sameBrowser || body.adopt === true)) await adoptRequesterEnquiries(env, user.id, caller.requesterId);
  const seenBefore = await hadSessionLike(
    env.DB,
    user.id,
    describeDevice(request.headers.get(CLIENT_USER_AGENT_HEADER)),
    networkOf(request),
  );
  const session = await openSession(env, user, { byProof: true, request });
  if (!user.email_verified_at) {
    user = await proveAddress(env, user, session.sid, {
      fromSignUpBrowser: !!browserKey && !!user.signup_browser_key_hash && (await sha256(browserKey)) === user.signup_browser_key_hash,
      referralCode: body.referralCode,
    });
  } else if (!seenBefore) {
    await emailNewDevice(env, user, session.sid);
  }
  return { tokens: session.tokens, user: await toUser(env, user, true), redirectTo: link.redirect_to } satisfies AuthResponse;
};

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
  const statements = [revokeSessionsStatement(env.DB, user.id, now, keptSessionId)];
  if (!fromSignUpBrowser) statements.push(clearTypedDetailsStatement(env.DB, user.id), retireMobileCodesStatement(env.DB, user.id, now));
  statements.push(proveAddressStatement(env.DB, user.id, referrer !== null && referrer !== user.id ? referrer : null, now));
  const results = await env.DB.batch(statements);
  console.log(JSON.stringify({ event: 'account.address_proven', userId: user.id, fromSignUpBrowser, referred: referrer !== null }));
  return (results.at(-1)!.results[0] as UserRow) ?? user;
}

/** The vehicles and enquiries a browser made before signing in become the account's. */
export async function adoptRequesterEnquiries(env: PlatformEnv, userId: number, requesterId: string): Promise<void> {
  await adoptRequesterTrackers(env, userId, requesterId);
  await env.DB.batch(adoptEnquiriesStatements(env.DB, userId, requesterId, clockNowIso()));
}
