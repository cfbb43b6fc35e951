import { isProduction, type PlatformEnv } from './env';
import { clockNowIso } from './clock';
import { httpChannels, plainTextHtml, providerOf } from './message-channels';

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
  await env.DB.prepare('INSERT INTO outbox (to_email, subject, body, link, created_at) VALUES (?1, ?2, ?3, ?4, ?5)')
    .bind(to, subject, body, link, clockNowIso())
    .run();
}

/** The app origin a link in an e-mail may point at: a configured one, or a local one outside production. */
export function allowedLinkBase(env: PlatformEnv, value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const allowed = (env.APP_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  if (allowed.includes(url.origin)) return url.origin;
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  return local && !isProduction(env) ? url.origin : null;
}
