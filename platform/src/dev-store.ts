import type { DeadLetter, OutboxEmail } from '../../contract/endpoints';

/**
 * What the development endpoints read (docs/decisions/033): the local outbox the development
 * mailbox shows, and the messages the notifications queue gave up on with each channel's error.
 */

/** The newest 50 messages of the outbox, or of one address's e-mails (stored in lower case). */
export async function latestOutboxMessages(db: D1Database, to: string | null): Promise<OutboxEmail[]> {
  const statement = to
    ? db.prepare('SELECT * FROM outbox WHERE to_email = ?1 ORDER BY id DESC LIMIT 50').bind(to.toLowerCase())
    : db.prepare('SELECT * FROM outbox ORDER BY id DESC LIMIT 50');
  return (await statement.all<OutboxEmail>()).results;
}

/** The newest 20 dead letters, each with the last error of every channel that failed. */
export async function latestDeadLetters(db: D1Database): Promise<DeadLetter[]> {
  const { results } = await db
    .prepare(
      `SELECT f.id, f.event_key, f.enquiry_id, f.failed_at,
         (SELECT group_concat(d.channel || ': ' || coalesce(d.last_error, ''), '; ') FROM notification_deliveries d
          WHERE d.event_key = f.event_key AND d.enquiry_id = f.enquiry_id AND d.status = 'failed') AS errors
       FROM notification_failures f ORDER BY f.id DESC LIMIT 20`,
    )
    .all<DeadLetter>();
  return results;
}
