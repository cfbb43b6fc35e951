import type { PlatformEnv } from '../env';
import type { MessageEvent } from './templates';

/**
 * What the platform puts on the notifications queue when a sale's state changes. `key` names the
 * occurrence (e.g. 'sale_started#12' for sale 12): with the enquiry and the channel it is the
 * idempotency key the consumer holds in D1, so the same occurrence is sent once however many times
 * it is enqueued or delivered.
 */
export interface NotificationMessage {
  key: string;
  enquiryId: number;
  event: MessageEvent;
  /** One channel only, when the other already went by its own way (the payout e-mail with its freeze link). */
  only?: 'sms';
}

/**
 * Enqueues a message. A failure to enqueue is logged, not thrown: the state change it follows is
 * already stored, and the seller's request should not fail for a message about it.
 */
export async function notify(
  env: PlatformEnv,
  enquiryId: number,
  key: string,
  event: MessageEvent,
  options: { only?: 'sms' } = {},
): Promise<void> {
  try {
    await env.NOTIFY_QUEUE.send({ key, enquiryId, event, ...options } satisfies NotificationMessage, { contentType: 'json' });
  } catch (error) {
    console.error(JSON.stringify({ event: 'platform.notify.enqueue_failed', key, enquiryId, error: String(error) }));
  }
}
