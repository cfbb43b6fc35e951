/**
 * The record of every message the platform means to send (ADR 028): a row in
 * notification_messages, written in the same D1 batch as the state change it follows, so the two
 * stand or fall together (docs/decisions/033). The queue only carries it; the Cron Trigger puts an
 * unsettled row on the queue again.
 */

/** A message as it is recorded: its occurrence's key, the sale it is about (0 for the account), and the queue's body. */
export interface RecordedMessage {
  key: string;
  enquiryId: number;
  body: unknown;
}

/**
 * The statement that records a message, for the batch of its state change. An occurrence already
 * recorded and not yet settled counts another enqueue; one already settled is left alone.
 */
export function recordMessage(db: D1Database, message: RecordedMessage, nowMs: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO notification_messages (event_key, enquiry_id, body, enqueued_at) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT (event_key, enquiry_id) DO UPDATE SET enqueued_at = excluded.enqueued_at, enqueues = enqueues + 1
         WHERE notification_messages.settled_at IS NULL`,
    )
    .bind(message.key, message.enquiryId, JSON.stringify(message.body), nowMs);
}

/** Whether a recorded message still waits to be sent (not settled): only then does it go on the queue. */
export async function messageUnsettled(db: D1Database, key: string, enquiryId: number): Promise<boolean> {
  const row = await db
    .prepare('SELECT settled_at FROM notification_messages WHERE event_key = ?1 AND enquiry_id = ?2')
    .bind(key, enquiryId)
    .first<{ settled_at: string | null }>();
  return !!row && row.settled_at === null;
}

/** Marks a message done: every channel it was owed on is sent, or the dead-letter queue gave up on it. */
export async function settleRecordedMessage(
  db: D1Database,
  message: Pick<RecordedMessage, 'key' | 'enquiryId'>,
  outcome: 'delivered' | 'dead',
  nowIso: string,
): Promise<void> {
  await db
    .prepare(
      'UPDATE notification_messages SET settled_at = ?3, outcome = ?4 WHERE event_key = ?1 AND enquiry_id = ?2 AND settled_at IS NULL',
    )
    .bind(message.key, message.enquiryId, nowIso, outcome)
    .run();
}

/** The statement that marks a message done, for the batch of what settles it (a dead letter's record). */
export function settleRecordedMessageStatement(
  db: D1Database,
  message: Pick<RecordedMessage, 'key' | 'enquiryId'>,
  outcome: 'delivered' | 'dead',
  nowIso: string,
): D1PreparedStatement {
  return db
    .prepare(
      'UPDATE notification_messages SET settled_at = ?3, outcome = ?4 WHERE event_key = ?1 AND enquiry_id = ?2 AND settled_at IS NULL',
    )
    .bind(message.key, message.enquiryId, nowIso, outcome);
}

/** Messages enqueued again per Cron run at most. */
const REDELIVER_BATCH = 200;

/** Claims the messages still unsettled since `beforeMs` for another enqueue: their queue bodies. */
export async function claimUnsettled(db: D1Database, nowMs: number, beforeMs: number): Promise<unknown[]> {
  const { results } = await db
    .prepare(
      `UPDATE notification_messages SET enqueued_at = ?1, enqueues = enqueues + 1
       WHERE rowid IN (SELECT rowid FROM notification_messages WHERE settled_at IS NULL AND enqueued_at <= ?2 ORDER BY enqueued_at LIMIT ?3)
       RETURNING body`,
    )
    .bind(nowMs, beforeMs, REDELIVER_BATCH)
    .all<{ body: string }>();
  return results.map((row) => JSON.parse(row.body) as unknown);
}
