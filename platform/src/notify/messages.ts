import { clockNowIso, clockNowMs } from '../clock';
import { claimUnsettled, messageUnsettled, recordMessage, settleRecordedMessage } from '../records/notifications';
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
  /** One channel only: a text when the e-mail went by its own way (the payout e-mail with its freeze link), an e-mail the seller asked for. */
  only?: 'sms' | 'email';
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
 * A message as it goes with the state change that causes it (docs/decisions/033): `statement`
 * records it, in the same D1 batch as the change, so a failed write loses both or neither; once
 * the batch has committed, `send()` puts it on the queue. A message the queue loses is still on
 * record, and the Cron Trigger enqueues it again (`redeliverUnsettled`).
 */
export interface OutgoingMessage {
  statement: D1PreparedStatement;
  send(): Promise<void>;
}

/** The message about a sale's state change, to batch with it (see OutgoingMessage). */
export function outgoing(
  env: PlatformEnv,
  enquiryId: number,
  key: string,
  event: MessageEvent,
  options: { only?: 'sms' | 'email' } = {},
): OutgoingMessage {
  return outgoingMessage(env, { key, enquiryId, event, ...options });
}

function outgoingMessage(env: PlatformEnv, message: NotificationMessage): OutgoingMessage {
  return {
    statement: recordMessage(env.DB, { key: message.key, enquiryId: message.enquiryId, body: message }, clockNowMs()),
    send: async () => {
      // A failure here is logged, not thrown: the change and its record are stored, and the Cron
      // Trigger sends what the queue did not take.
      try {
        if (await messageUnsettled(env.DB, message.key, message.enquiryId)) await env.NOTIFY_QUEUE.send(message, { contentType: 'json' });
      } catch (error) {
        console.error(
          JSON.stringify({ event: 'platform.notify.enqueue_failed', key: message.key, enquiryId: message.enquiryId, error: String(error) }),
        );
      }
    },
  };
}

/**
 * Records a message and enqueues it, for a message that follows no state change of its own in
 * this request (the Cron Trigger's sweep found one due). A failure is logged, not thrown.
 */
export async function notify(
  env: PlatformEnv,
  enquiryId: number,
  key: string,
  event: MessageEvent,
  options: { only?: 'sms' | 'email' } = {},
): Promise<void> {
  await enqueue(env, { key, enquiryId, event, ...options });
}

async function enqueue(env: PlatformEnv, message: NotificationMessage): Promise<void> {
  const outgoing = outgoingMessage(env, message);
  try {
    await outgoing.statement.run();
  } catch (error) {
    console.error(
      JSON.stringify({ event: 'platform.notify.enqueue_failed', key: message.key, enquiryId: message.enquiryId, error: String(error) }),
    );
    return;
  }
  await outgoing.send();
}

/** Marks a message done: every channel it was owed on is sent, or the dead-letter queue gave up on it. */
export async function settleMessage(env: PlatformEnv, message: NotificationMessage, outcome: 'delivered' | 'dead'): Promise<void> {
  await settleRecordedMessage(env.DB, message, outcome, clockNowIso());
}

/**
 * Enqueues again every message still unsettled NOTIFY_REDELIVER_AFTER_SECONDS (15 minutes unless
 * configured: longer than the queue's own retries and backoff) after it was last enqueued. A
 * message the queue still holds is then delivered twice, which the consumer's claim makes harmless.
 */
export async function redeliverUnsettled(env: PlatformEnv, nowMs: number): Promise<number> {
  const afterMs = intVar(env.NOTIFY_REDELIVER_AFTER_SECONDS, 15 * 60) * 1000;
  const bodies = await claimUnsettled(env.DB, nowMs, nowMs - afterMs);
  if (bodies.length) await env.NOTIFY_QUEUE.sendBatch(bodies.map((body) => ({ body, contentType: 'json' as const })));
  return bodies.length;
}
