import { clockNowIso, clockNowMs } from '../clock';
import { intVar, type PlatformEnv } from '../env';
import type { MessageEvent } from './templates';

/**
 * What the platform puts on the notifications queue when a sale's state changes. `key` names the
 * occurrence (e.g. 'sale_started#12' for sale 12): with the enquiry and the channel it is the
 * idempotency key the consumer holds in D1, so the same occurrence is sent once however many times
 * it is enqueued or delivered.
 */
export interface NotificationMessage {
  key: string;
  /** The sale it is about; 0 for a message about the account alone (then `userId`). */
  enquiryId: number;
  userId?: number;
  event: MessageEvent | AccountEvent;
  /** One channel only, when the other already went by its own way (the payout e-mail with its freeze link). */
  only?: 'sms';
}

/** Messages about the account rather than a sale: texted only, as the e-mail went by its own way. */
export type AccountEvent = { kind: 'sign_in_notice' };

/**
 * Texts the account's holder that a sign-in link was e-mailed (the e-mail is the account's own, and
 * the text carries no link): a seller who did not ask for one hears of it on another channel.
 */
export async function notifyAccount(env: PlatformEnv, userId: number, key: string, event: AccountEvent): Promise<void> {
  await enqueue(env, { key, enquiryId: 0, userId, event, only: 'sms' });
}

/**
 * Records a message in D1 (notification_messages) and enqueues it. The row is what survives a
 * queue that loses the message (a restart of the local runtime, a dropped delivery): the Cron
 * Trigger enqueues unsettled rows again (`redeliverUnsettled`). An occurrence already settled is
 * not enqueued again. A failure here is logged, not thrown: the state change it follows is already
 * stored, and the seller's request should not fail for a message about it.
 */
export async function notify(
  env: PlatformEnv,
  enquiryId: number,
  key: string,
  event: MessageEvent,
  options: { only?: 'sms' } = {},
): Promise<void> {
  await enqueue(env, { key, enquiryId, event, ...options });
}

async function enqueue(env: PlatformEnv, message: NotificationMessage): Promise<void> {
  const { key, enquiryId } = message;
  try {
    const open = await env.DB.prepare(
      `INSERT INTO notification_messages (event_key, enquiry_id, body, enqueued_at) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT (event_key, enquiry_id) DO UPDATE SET enqueued_at = excluded.enqueued_at, enqueues = enqueues + 1
         WHERE notification_messages.settled_at IS NULL
       RETURNING enqueues`,
    )
      .bind(key, enquiryId, JSON.stringify(message), clockNowMs())
      .first<{ enqueues: number }>();
    if (!open) return;
    await env.NOTIFY_QUEUE.send(message, { contentType: 'json' });
  } catch (error) {
    console.error(JSON.stringify({ event: 'platform.notify.enqueue_failed', key, enquiryId, error: String(error) }));
  }
}

/** Marks a message done: every channel it was owed on is sent, or the dead-letter queue gave up on it. */
export async function settleMessage(env: PlatformEnv, message: NotificationMessage, outcome: 'delivered' | 'dead'): Promise<void> {
  await env.DB.prepare(
    'UPDATE notification_messages SET settled_at = ?3, outcome = ?4 WHERE event_key = ?1 AND enquiry_id = ?2 AND settled_at IS NULL',
  )
    .bind(message.key, message.enquiryId, clockNowIso(), outcome)
    .run();
}

/** Messages enqueued again per Cron run at most. */
const REDELIVER_BATCH = 200;

/**
 * Enqueues again every message still unsettled NOTIFY_REDELIVER_AFTER_SECONDS (15 minutes unless
 * configured: longer than the queue's own retries and backoff) after it was last enqueued. A
 * message the queue still holds is then delivered twice, which the consumer's claim makes harmless.
 */
export async function redeliverUnsettled(env: PlatformEnv, nowMs: number): Promise<number> {
  const afterMs = intVar(env.NOTIFY_REDELIVER_AFTER_SECONDS, 15 * 60) * 1000;
  const { results } = await env.DB.prepare(
    `UPDATE notification_messages SET enqueued_at = ?1, enqueues = enqueues + 1
     WHERE rowid IN (SELECT rowid FROM notification_messages WHERE settled_at IS NULL AND enqueued_at <= ?2 ORDER BY enqueued_at LIMIT ?3)
     RETURNING body`,
  )
    .bind(nowMs, nowMs - afterMs, REDELIVER_BATCH)
    .all<{ body: string }>();
  if (results.length)
    await env.NOTIFY_QUEUE.sendBatch(results.map((row) => ({ body: JSON.parse(row.body), contentType: 'json' as const })));
  return results.length;
}
