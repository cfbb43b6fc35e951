import { isUkMobile } from '../../../contract/accounts';
import { clockNow, clockNowIso, clockNowMs } from '../clock';
import { intVar, type PlatformEnv } from '../env';
import { findRegistered, makeOf } from '../providers/register';
import { unsubscribeLink } from '../unsubscribe';
import { requirePublicOrigin } from '../public-origin';
import { claimText } from '../outbox';
import { channelsFor, type Channels } from '../message-channels';
import { settleMessage, type NotificationMessage } from './messages';
import { settleRecordedMessageStatement } from '../records/notifications';
import { createShortLink } from './short-links';
import {
  accountRecipient,
  claimDelivery,
  deliveryStatus,
  recordDeadLetter,
  saleRecipient,
  settleDelivery,
  type DeliveryKey,
  type Recipient,
} from './store';
import { renderMessage, renderSignInNoticeSms, type MessageEvent, type RenderedMessage } from './templates';

/**
 * The notifications queue's consumer: renders each message and sends it by e-mail and, to a seller
 * with a UK mobile who has not stopped texts, by text.
 *
 * Once only, per (occurrence, enquiry, channel): a row in notification_deliveries is claimed
 * ('sending') before the provider is called and marked 'sent' after. A redelivered message whose
 * row is 'sent' sends nothing; one whose row is 'sending' waits, and takes the claim over once the
 * lease has passed (the delivery that claimed it died). So a crash between claiming and sending
 * loses nothing, and a crash between the provider accepting and the row being marked sends again
 * after the lease: at least once in that one window, with the idempotency key passed to the
 * provider so one that honours it drops the repeat.
 */

const BRAND = 'Kerbside';
const SHORT_LINK_TTL_MS = 30 * 24 * 3600 * 1000;
const MAX_RETRY_DELAY_SECONDS = 15 * 60;
/** A UK mobile number as the account stores it (E.164). */

type Channel = DeliveryKey['channel'];

/** The page a message is about. */
function pathFor(event: MessageEvent, vrm: string): string {
  switch (event.kind) {
    case 'offer_arrived':
    case 'offer_lapsing':
      return `/${vrm}/accept-offer`;
    case 'offer_accepted':
    case 'collection_booked':
    case 'collection_tomorrow':
    case 'inspection_done':
    case 'revised_offer':
    case 'revised_offer_approved':
    case 'dvla_told':
      return `/${vrm}/review-status`;
    case 'final_dealer_confirmation':
      return `/${vrm}/purchasing-dealer-details`;
    case 'document_requested':
      return `/${vrm}/request/${encodeURIComponent(event.documentKind)}`;
    case 'paid':
    case 'payout_credited':
      return `/${vrm}/vehicle-payment`;
    case 'payout_returned':
    case 'payee_check_failed':
      return `/${vrm}/add-bank-details`;
    case 'payout_account_changed':
      // Never the freeze link: that token lives only in the e-mail.
      return '/account';
    case 'settlement_figure_received':
    case 'settlement_expiring':
      return `/${vrm}/finance-payment-details`;
    default:
      return `/${vrm}`;
  }
}

export function leaseMs(env: PlatformEnv): number {
  return intVar(env.NOTIFY_SEND_LEASE_SECONDS, 60) * 1000;
}

/** Exponential backoff: the base (30 s unless configured), doubling per attempt, capped. */
export function retryDelaySeconds(env: PlatformEnv, attempts: number): number {
  const base = intVar(env.NOTIFY_RETRY_BASE_SECONDS, 30);
  return Math.min(base * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_SECONDS);
}

type Claim = 'claimed' | 'done' | 'busy';

const deliveryOf = (message: NotificationMessage, channel: Channel): DeliveryKey => ({
  key: message.key,
  enquiryId: message.enquiryId,
  channel,
});

async function claim(env: PlatformEnv, message: NotificationMessage, channel: Channel): Promise<Claim> {
  const now = clockNowMs();
  if (await claimDelivery(env.DB, deliveryOf(message, channel), now, now - leaseMs(env))) return 'claimed';
  return (await deliveryStatus(env.DB, deliveryOf(message, channel))) === 'sending' ? 'busy' : 'done';
}

async function settle(env: PlatformEnv, message: NotificationMessage, channel: Channel, error: unknown | null) {
  await settleDelivery(env.DB, deliveryOf(message, channel), error ? { error: String(error) } : { sentAt: clockNowIso() });
}

async function recipientFor(env: PlatformEnv, message: NotificationMessage): Promise<Recipient | null> {
  return message.userId !== undefined ? accountRecipient(env.DB, message.userId) : saleRecipient(env.DB, message.enquiryId);
}

/** Sends one message on each channel it is owed on; 'busy' when another delivery holds a claim. */
export async function deliver(env: PlatformEnv, message: NotificationMessage, attempt: number): Promise<'done' | 'busy'> {
  const recipient = await recipientFor(env, message);
  if (!recipient) {
    console.warn(JSON.stringify({ event: 'platform.notify.no_recipient', key: message.key, enquiryId: message.enquiryId }));
    return 'done';
  }
  // Read at sending time, so a STOP applies at once to messages already queued. A number nobody has
  // proven hears nothing about a sale: whoever typed it at sign-up may not be the seller.
  const texts = isUkMobile(recipient.phone) && !!recipient.phone_verified_at && !recipient.sms_stopped_at;
  const wanted: Channel[] =
    message.only === 'sms' ? (texts ? ['sms'] : []) : message.only === 'email' ? ['email'] : texts ? ['email', 'sms'] : ['email'];
  const channels: Channels = channelsFor(env, attempt);
  let rendered: RenderedMessage | null = null;
  let busy = false;
  for (const channel of wanted) {
    const claimed = await claim(env, message, channel);
    if (claimed === 'busy') busy = true;
    if (claimed !== 'claimed') continue;
    try {
      rendered ??= await render(env, message, recipient);
      const idempotencyKey = `${message.key}/${message.enquiryId}/${channel}`;
      if (channel === 'email')
        await channels.sendEmail(recipient.email, texts ? await withStopTexts(env, rendered, recipient.id) : rendered, { idempotencyKey });
      else if (await claimText(env, recipient.phone, 'message')) await channels.sendSms(recipient.phone, rendered.sms, { idempotencyKey });
      else console.warn(JSON.stringify({ event: 'platform.text_capped', kind: 'message', key: message.key }));
    } catch (error) {
      await settle(env, message, channel, error);
      throw error;
    }
    await settle(env, message, channel, null);
  }
  return busy ? 'busy' : 'done';
}

/**
 * Every text ends "Reply STOP to opt out" (the templates; replies reach notify/sms-replies.ts). The
 * signed /unsubscribe/sms link is too long for one SMS beside the message's own link, so the
 * e-mail that goes with each text carries it: one click stops texts, not e-mails, at once.
 */
async function withStopTexts(env: PlatformEnv, rendered: RenderedMessage, userId: number): Promise<RenderedMessage> {
  const link = await unsubscribeLink(env, userId, 'sms');
  const line = 'We also text you about your sale. To stop the texts (not these e-mails)';
  const escaped = link.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return {
    ...rendered,
    text: `${rendered.text}\n\n${line}: ${link}`,
    html: `${rendered.html}\n<p>${line}: <a href="${escaped}">stop texts</a>.</p>`,
  };
}

async function render(env: PlatformEnv, message: NotificationMessage, recipient: Recipient): Promise<RenderedMessage> {
  if (message.event.kind === 'sign_in_notice') return { subject: '', text: '', html: '', sms: renderSignInNoticeSms({ brandName: BRAND }) };
  const event: MessageEvent = message.event;
  const registered = await findRegistered(env.DB, recipient.vrm);
  const vehicle = registered ? `${makeOf(registered.row.make).display_name} ${registered.row.model}` : recipient.vrm;
  const origin = requirePublicOrigin(env);
  const path = pathFor(event, recipient.vrm);
  const code = await createShortLink(env.DB, path, { now: clockNow(), ttlMs: SHORT_LINK_TTL_MS });
  const link = `${origin}${path}`;
  return renderMessage(event, {
    firstName: recipient.first_name,
    vehicle,
    brandName: BRAND,
    link,
    // Without a code (the short links are not there yet) a text carries the full link.
    shortLink: code ? `${origin}/s/${code}` : link,
  });
}

/** A dead-letter queue's name ends so (platform/wrangler.toml). */
const isDeadLetterQueue = (queue: string) => queue.endsWith('-dead');

/**
 * The queue handler for both queues: notifications are delivered, retried with backoff on failure
 * (the queue moves a message to the dead-letter queue after max_retries); dead letters are
 * recorded for support (and the development mailbox).
 */
export async function consumeNotifications(batch: MessageBatch<NotificationMessage>, env: PlatformEnv): Promise<void> {
  if (isDeadLetterQueue(batch.queue)) {
    for (const message of batch.messages) {
      // The dead letter and the settling of its message are one batch: support sees every message given up on.
      const letter = { key: String(message.body.key), enquiryId: Number(message.body.enquiryId), body: message.body };
      const now = clockNowIso();
      await env.DB.batch([recordDeadLetter(env.DB, letter, now), settleRecordedMessageStatement(env.DB, letter, 'dead', now)]);
      console.error(JSON.stringify({ event: 'platform.notify.dead_letter', key: message.body.key, enquiryId: message.body.enquiryId }));
      message.ack();
    }
    return;
  }
  for (const message of batch.messages) {
    try {
      const outcome = await deliver(env, message.body, message.attempts);
      if (outcome === 'busy') message.retry({ delaySeconds: retryDelaySeconds(env, message.attempts) });
      else {
        await settleMessage(env, message.body, 'delivered');
        message.ack();
      }
    } catch (error) {
      console.error(
        JSON.stringify({ event: 'platform.notify.send_failed', key: message.body.key, attempt: message.attempts, error: String(error) }),
      );
      message.retry({ delaySeconds: retryDelaySeconds(env, message.attempts) });
    }
  }
}
