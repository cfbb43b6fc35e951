import type { MobileCodeSent } from '../../../contract/accounts';
import type { endpoints } from '../../../contract/endpoints';
import type { UserRow } from '../auth';
import { clockNowIso, clockNowMs } from '../clock';
import type { PlatformEnv } from '../env';
import type { TypedHandler } from '../router';
import { proveMobile } from './store';
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
export const sendMobileCode: TypedHandler<typeof endpoints.account.sendMobileCode> = async ({ customer }, ctx) => {
  const sent = await textMobileCode(ctx.env, customer.user);
  if (!sent.sent && sent.reason === 'nothing_to_prove') {
    return ctx.outcome({ status: 409, code: 'nothing_to_prove', message: 'There is no mobile number waiting for a code' });
  }
  // Not sent is still an answer (the page says why), not a failure of the call.
  return sent.sent ? ctx.accepted(sent) : sent;
};

/**
 * POST /platform/v3/customers/mobile/confirm {code} → User: the code texted to the waiting number
 * proves it. A new number replaces the old one only now, and the proven address hears of it.
 */
export const confirmMobile: TypedHandler<typeof endpoints.account.confirmMobile> = async ({ body, customer }, ctx) => {
  const { env } = ctx;
  const { user } = customer;
  const number = numberToProve(user);
  if (!number) return ctx.outcome({ status: 409, code: 'nothing_to_prove', message: 'There is no mobile number waiting for a code' });
  const tried = await tryCode(env.DB, mobileCodes(user.id), body.code, clockNowMs());
  const expired = () =>
    ctx.outcome({ status: 410, code: 'code_expired', message: 'That code has expired or been replaced. Ask for a new one' });
  if (tried.result === 'wrong') {
    return ctx.outcome({
      status: 400,
      code: 'invalid_code',
      message: 'That code is not right. Check the text we sent and try again',
      fields: { code: 'That code is not right' },
    });
  }
  if (tried.result === 'locked') {
    return ctx.outcome({
      status: 429,
      code: 'too_many_tries',
      message: 'Too many wrong codes. Try again tomorrow, or contact our support team',
    });
  }
  if (tried.result !== 'ok' || tried.target !== number) return expired();
  const changed = user.phone_verified_at !== null && user.phone_verified_at !== undefined && user.phone !== number;
  const updated = await proveMobile(env.DB, user.id, number, clockNowIso());
  if (!updated) return expired();
  // Replacing a proven number is what moves the texts: the proven address hears of it then.
  if (changed) await emailContactChange(env, updated, customer.sessionId, [`texts about your sale now go to ${maskPhone(number)}`]);
  return toUser(env, updated);
};
