/**
 * The development outbox: every e-mail and text the platform sends when its message provider is
 * the outbox (locally and in tests; production refuses it, message-channels.ts). The development
 * mailbox (/dev/mailbox) reads it.
 */

export async function outboxEmail(db: D1Database, email: { to: string; subject: string; body: string; link: string | null; at: string }) {
  await db
    .prepare("INSERT INTO outbox (channel, to_email, subject, body, link, created_at) VALUES ('email', ?1, ?2, ?3, ?4, ?5)")
    .bind(email.to, email.subject, email.body, email.link, email.at)
    .run();
}

export async function outboxText(db: D1Database, text: { to: string; body: string; at: string }) {
  await db
    .prepare("INSERT INTO outbox (channel, to_email, to_phone, subject, body, link, created_at) VALUES ('sms', '', ?1, '', ?2, NULL, ?3)")
    .bind(text.to, text.body, text.at)
    .run();
}
