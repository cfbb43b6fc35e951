import type { MobileCodeOutcome, MobileCodeSent } from '../../../contract/accounts';
import { requireCustomer, type UserRow } from '../auth';
import { clockNowIso, clockNowMs } from '../clock';
import type { PlatformEnv } from '../env';
import { errorResponse, json, readJsonObject } from '../http';
import { issueCode, retireCodes, tryCode, type CodeSubject } from '../records/one-time-codes';
import { sendCodeText } from '../outbox';
import { toUser } from '../entry/account-view';
import { emailContactChange, maskPhone } from './notices';

/**
 * A mobile is proven before it hears about a sale (docs/decisions/031): the number typed at sign-up
 * or in the account's details is sent a six-digit code, and until the seller enters it nothing but
 * codes is texted there (notify/consumer.ts reads `phone_verified_at`). A new number waits in
 * `phone_pending`; the proven one keeps the texts until the new one's code is entered. The codes
 * follow the payee change's lifecycle (records/one-time-codes.ts), counted per account.
 */

const mobileCodes = (userId: number): CodeSubject => ({ purpose: 'mobile', subject: `user:${userId}` });

/** The number waiting for a code: a new one, or the account's own while it is unproven. */
export function numberToProve(user: Pick<UserRow, 'phone' | 'phone_pending' | 'phone_verified_at'>): string | null {
  if (user.phone_pending) return user.phone_pending;
  return user.phone && !user.phone_verified_at ? user.phone : null;
}

/** Texts a code to the number waiting for one; why not, when it could not. */
export async function textMobileCode(env: PlatformEnv, user: UserRow): Promise<MobileCodeSent> {
  const number = numberToProve(user);
  if (!number) return { sent: false, reason: 'nothing_to_prove' };
  const issued = await issueCode(env.DB, mobileCodes(user.id), clockNowMs(), number);
  if (!issued.ok) return { sent: false, reason: 'too_many_codes' };
  const sent = await sendCodeText(
    env,
    number,
    `Kerbside: ${issued.code} is your code to confirm this mobile for texts about your sale. It works for 15 minutes. Not you? Ignore this text.`,
  );
  if (!sent) {
    await retireCodes(env.DB, mobileCodes(user.id), clockNowMs());
    return { sent: false, reason: 'number_capped' };
  }
  return { sent: true, to: maskPhone(number), expiresAt: issued.expiresAt };
}

/** POST /platform/v3/customers/mobile/code: a new code for the number waiting for one. */
export async function sendMobileCode(request: Request, env: PlatformEnv): Promise<Response> {
  const caller = await requireCustomer(request, env);
  if (caller instanceof Response) return caller;
  const sent = await textMobileCode(env, caller.user);
  if (!sent.sent && sent.reason === 'nothing_to_prove')
    return errorResponse(409, 'nothing_to_prove', 'There is no mobile number waiting for a code');
  // Not sent is still an answer (the page says why), not a failure of the call.
  return json(sent, sent.sent ? 202 : 200);
}

const OUTCOMES: Record<MobileCodeOutcome, { status: number; message: string }> = {
  invalid_code: { status: 400, message: 'That code is not right. Check the text we sent and try again' },
  code_expired: { status: 410, message: 'That code has expired or been replaced. Ask for a new one' },
  too_many_tries: { status: 429, message: 'Too many wrong codes. Try again tomorrow, or contact our support team' },
};

/**
 * POST /platform/v3/customers/mobile/confirm {code} → User: the code texted to the waiting number
 * proves it. A new number replaces the old one only now, and the proven address hears of it.
 */
export async function confirmMobile(request: Request, env: PlatformEnv): Promise<Response> {
  const caller = await requireCustomer(request, env);
  if (caller instanceof Response) return caller;
  const { user } = caller;
  const number = numberToProve(user);
  if (!number) return errorResponse(409, 'nothing_to_prove', 'There is no mobile number waiting for a code');
  const code = (await readJsonObject(request))?.code;
  const tried = await tryCode(env.DB, mobileCodes(user.id), typeof code === 'string' ? code.slice(0, 20) : '', clockNowMs());
  if (tried.result !== 'ok' || tried.target !== number) {
    const outcome: MobileCodeOutcome =
      tried.result === 'wrong' ? 'invalid_code' : tried.result === 'locked' ? 'too_many_tries' : 'code_expired';
    const { status, message } = OUTCOMES[outcome];
    return json({ code: outcome, message, ...(outcome === 'invalid_code' ? { fields: { code: 'That code is not right' } } : {}) }, status);
  }
  const changed = user.phone_verified_at !== null && user.phone !== number;
  const now = clockNowIso();
  const updated = await env.DB.prepare(
    `UPDATE users SET phone = ?2, phone_verified_at = ?3, phone_pending = NULL, updated_at = ?3
      WHERE id = ?1 AND (phone_pending = ?2 OR (phone = ?2 AND phone_verified_at IS NULL)) RETURNING *`,
  )
    .bind(user.id, number, now)
    .first<UserRow>();
  if (!updated) return json({ code: 'code_expired', message: OUTCOMES.code_expired.message }, 410);
  // Replacing a proven number is what moves the texts: the proven address hears of it then.
  if (changed) await emailContactChange(env, updated, caller.sessionId, [`texts about your sale now go to ${maskPhone(number)}`]);
  return json(await toUser(env, updated));
}
