import type { PlatformEnv } from './env';
import { clockNowIso, clockNowMs } from './clock';
import { httpChannels, outboxChannels, plainTextHtml, providerOf } from './message-channels';
import { hitRateLimit } from './records/rate-limits';
import { outboxEmail } from './records/outbox';

/**
 * Every e-mail the platform sends at once (sign-in links, the payout notice, reminders) goes
 * through here: through the configured provider's HTTP API (NOTIFY_PROVIDER=http, as production
 * must be), or locally into the outbox the development mailbox reads. `link` is the one link the
 * e-mail is about (the mailbox shows it as a button). A provider's refusal throws: the request
 * that needed the e-mail fails with it rather than telling the seller it was sent.
 */
export async function sendEmail(env: PlatformEnv, to: string, subject: string, body: string, link: string | null = null): Promise<void> {
  if (providerOf(env) === 'http') {
    await httpChannels(env).sendEmail(to, { subject, text: body, html: plainTextHtml(body) });
    return;
  }
  await outboxEmail(env.DB, { to, subject, body, link, at: clockNowIso() });
}

/**
 * The opening line of an e-mail to a seller: their first name once they have given one. An account
 * whose details were cleared at proof (docs/decisions/031) has none until the seller confirms them.
 */
export const greeting = (firstName: string) => (firstName.trim() ? `Hello ${firstName.trim()},` : 'Hello,');

/** Texts one number may be sent in a day, across every account that gives it (cost, and SMS bombing). */
export const TEXTS_PER_NUMBER_PER_DAY = 20;
/** Of those, the codes that prove a number: the only texts a number nobody has proven gets. */
export const CODE_TEXTS_PER_NUMBER_PER_DAY = 5;
const DAY_MS = 86_400_000;

/**
 * Counts one text to `to` against the day's caps (docs/sign-in-limits.md, "Texts"); false when it
 * must not go. Every text counts, whichever account or message it is for.
 */
export async function claimText(env: PlatformEnv, to: string, kind: 'code' | 'message'): Promise<boolean> {
  const now = clockNowMs();
  if (kind === 'code' && !(await hitRateLimit(env.DB, `code-texts:${to}`, CODE_TEXTS_PER_NUMBER_PER_DAY, DAY_MS, now)).allowed)
    return false;
  return (await hitRateLimit(env.DB, `texts:${to}`, TEXTS_PER_NUMBER_PER_DAY, DAY_MS, now)).allowed;
}

/**
 * A text sent at once (a code the seller is waiting for), past the caps: through the provider, or
 * locally into the outbox. False when a cap stopped it.
 */
export async function sendCodeText(env: PlatformEnv, to: string, text: string): Promise<boolean> {
  if (!(await claimText(env, to, 'code'))) {
    console.warn(JSON.stringify({ event: 'platform.text_capped', kind: 'code' }));
    return false;
  }
  await (providerOf(env) === 'http' ? httpChannels(env) : outboxChannels(env)).sendSms(to, text);
  return true;
}
