import type { PlatformEnv } from './env';
import { clockNowIso } from './clock';

/**
 * Every e-mail the platform sends goes through here: locally into the outbox the development
 * mailbox reads. `link` is the one link the e-mail is about (the mailbox shows it as a button).
 */
export async function sendEmail(env: PlatformEnv, to: string, subject: string, body: string, link: string | null = null): Promise<void> {
  await env.DB.prepare('INSERT INTO outbox (to_email, subject, body, link, created_at) VALUES (?1, ?2, ?3, ?4, ?5)')
    .bind(to, subject, body, link, clockNowIso())
    .run();
}
