/**
 * The notify wing's storage (docs/decisions/033): the short links in texts, each message's
 * deliveries per channel (claimed before the provider is called, so each goes once), the dead
 * letters, the SMS provider's webhook ids already acted on, and who a message goes to.
 */

/** Keeps a short link, unless its code is taken: whether it was kept. */
export async function insertShortLink(
  db: D1Database,
  link: { code: string; path: string; createdAt: string; expiresAt: string },
): Promise<boolean> {
  const inserted = await db
    .prepare('INSERT INTO short_links (code, path, created_at, expires_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (code) DO NOTHING')
    .bind(link.code, link.path, link.createdAt, link.expiresAt)
    .run();
  return !!inserted.meta.changes;
}

/** Where a short link leads and until when, or null for a code never made (or deleted). */
export async function findShortLink(db: D1Database, code: string): Promise<{ path: string; expires_at: string } | null> {
  return db.prepare('SELECT path, expires_at FROM short_links WHERE code = ?1').bind(code).first<{ path: string; expires_at: string }>();
}

/** Deletes the short links that expired before `before`: how many went. */
export async function deleteShortLinksExpiredBefore(db: D1Database, before: string): Promise<number> {
  const result = await db.prepare('DELETE FROM short_links WHERE expires_at < ?1').bind(before).run();
  return result.meta.changes ?? 0;
}

/** Records a webhook message id as acted on: false when it was already (a replay). */
export async function recordWebhookMessage(db: D1Database, id: string, signedAt: string, receivedAt: string): Promise<boolean> {
  const recorded = await db
    .prepare('INSERT INTO sms_webhook_messages (id, signed_at, received_at) VALUES (?1, ?2, ?3) ON CONFLICT (id) DO NOTHING')
    .bind(id, signedAt, receivedAt)
    .run();
  return !!recorded.meta.changes;
}

/** Forgets a webhook message id, so the provider's retry of it is taken. */
export async function forgetWebhookMessage(db: D1Database, id: string): Promise<void> {
  await db.prepare('DELETE FROM sms_webhook_messages WHERE id = ?1').bind(id).run();
}

/** Deletes the webhook ids signed before `before`: how many went. */
export async function deleteWebhookMessagesSignedBefore(db: D1Database, before: string): Promise<number> {
  const result = await db.prepare('DELETE FROM sms_webhook_messages WHERE signed_at < ?1').bind(before).run();
  return result.meta.changes ?? 0;
}

/** Stops every text to the accounts with this mobile (E.164); one stopped already keeps its first stop. */
export async function stopTextsTo(db: D1Database, phone: string, at: string): Promise<void> {
  await db.prepare('UPDATE users SET sms_stopped_at = COALESCE(sms_stopped_at, ?2) WHERE phone = ?1').bind(phone, at).run();
}

/** Who a message goes to, as the consumer reads them when it sends. */
export interface Recipient {
  id: number;
  email: string;
  phone: string;
  first_name: string;
  sms_stopped_at: string | null;
  /** Null while the mobile is unproven: it is texted nothing but the code that proves it. */
  phone_verified_at: string | null;
  /** The sale's registration; '' for a message about the account. */
  vrm: string;
}

/** The holder of an account, for a message about the account alone. */
export async function accountRecipient(db: D1Database, userId: number): Promise<Recipient | null> {
  return db
    .prepare("SELECT id, email, phone, first_name, sms_stopped_at, phone_verified_at, '' AS vrm FROM users WHERE id = ?1")
    .bind(userId)
    .first<Recipient>();
}

/** The seller of a sale, for a message about it. */
export async function saleRecipient(db: D1Database, enquiryId: number): Promise<Recipient | null> {
  return db
    .prepare(
      `SELECT u.id, u.email, u.phone, u.first_name, u.sms_stopped_at, u.phone_verified_at, e.vrm
         FROM enquiries e JOIN users u ON u.id = e.customer_id WHERE e.id = ?1`,
    )
    .bind(enquiryId)
    .first<Recipient>();
}

/** One message's delivery on one channel. */
export interface DeliveryKey {
  key: string;
  enquiryId: number;
  channel: 'email' | 'sms';
}

/**
 * Claims a delivery before the provider is called: a new one, one that failed, or one whose
 * claim is older than `staleBeforeMs` (the delivery that claimed it died). False when it is sent,
 * or another delivery holds a live claim.
 */
export async function claimDelivery(db: D1Database, delivery: DeliveryKey, nowMs: number, staleBeforeMs: number): Promise<boolean> {
  const claimed = await db
    .prepare(
      `INSERT INTO notification_deliveries (event_key, enquiry_id, channel, status, attempts, claimed_at)
       VALUES (?1, ?2, ?3, 'sending', 1, ?4)
       ON CONFLICT (event_key, enquiry_id, channel) DO UPDATE SET status = 'sending', attempts = attempts + 1, claimed_at = excluded.claimed_at
         WHERE notification_deliveries.status = 'failed'
            OR (notification_deliveries.status = 'sending' AND notification_deliveries.claimed_at <= ?5)
       RETURNING attempts`,
    )
    .bind(delivery.key, delivery.enquiryId, delivery.channel, nowMs, staleBeforeMs)
    .first<{ attempts: number }>();
  return !!claimed;
}

/** A delivery's status ('sending', 'sent' or 'failed'), or null for one never claimed. */
export async function deliveryStatus(db: D1Database, delivery: DeliveryKey): Promise<string | null> {
  const row = await db
    .prepare('SELECT status FROM notification_deliveries WHERE event_key = ?1 AND enquiry_id = ?2 AND channel = ?3')
    .bind(delivery.key, delivery.enquiryId, delivery.channel)
    .first<{ status: string }>();
  return row?.status ?? null;
}

/** Settles a claimed delivery: sent at `sentAt`, or failed with the error (kept short). */
export async function settleDelivery(db: D1Database, delivery: DeliveryKey, result: { sentAt: string } | { error: string }): Promise<void> {
  const failed = 'error' in result;
  await db
    .prepare(
      `UPDATE notification_deliveries SET status = ?4, sent_at = ?5, last_error = ?6
       WHERE event_key = ?1 AND enquiry_id = ?2 AND channel = ?3 AND status = 'sending'`,
    )
    .bind(
      delivery.key,
      delivery.enquiryId,
      delivery.channel,
      failed ? 'failed' : 'sent',
      failed ? null : result.sentAt,
      failed ? result.error.slice(0, 500) : null,
    )
    .run();
}

/** The statement that records a message the dead-letter queue gave up on, for support (and the mailbox). */
export function recordDeadLetter(
  db: D1Database,
  letter: { key: string; enquiryId: number; body: unknown },
  failedAt: string,
): D1PreparedStatement {
  return db
    .prepare('INSERT INTO notification_failures (event_key, enquiry_id, message, failed_at) VALUES (?1, ?2, ?3, ?4)')
    .bind(letter.key, letter.enquiryId, JSON.stringify(letter.body), failedAt);
}
