import type { endpoints } from '../../../contract/endpoints';
import { clockNowIso, clockNowMs } from '../clock';
import { tokenSecret } from '../env';
import type { TypedHandler } from '../router';
import { verifyUnsubscribeToken } from '../tokens';
import { unsubscribeByLink } from './store';

/**
 * POST /platform/v3/customers/unsubscribe {code}: stops marketing e-mails (the CRM tier drops to
 * 'service': only what a sale needs), every text, or one vehicle's MOT reminders. The code is the
 * signed link's (platform/src/unsubscribe.ts); nothing else is needed, so it works from any
 * device, signed in or not.
 */
export const unsubscribe: TypedHandler<typeof endpoints.account.unsubscribe> = async ({ body }, ctx) => {
  const invalid = () => ctx.outcome({ status: 400, code: 'invalid_code', message: 'This unsubscribe link is not valid' });
  if (body.code.length > 2000) return invalid();
  const verified = await verifyUnsubscribeToken(body.code, tokenSecret(ctx.env), Math.floor(clockNowMs() / 1000));
  if (!verified.ok) {
    return verified.reason === 'expired'
      ? ctx.outcome({ status: 410, code: 'expired_code', message: 'This unsubscribe link has expired' })
      : invalid();
  }
  const { sub, ch } = verified.claims;
  if (!(await unsubscribeByLink(ctx.env.DB, ch, sub, clockNowIso()))) {
    const message = ch === 'mot' ? 'There are no reminders for this link any more' : 'There is no account for this link any more';
    return ctx.outcome({ status: 404, code: 'not_found', message });
  }
  return { unsubscribed: ch };
};
