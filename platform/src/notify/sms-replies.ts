import { checkUkPhone } from '../../../contract/contact-validation';
import type { endpoints } from '../../../contract/endpoints';
import { sameSecret, type PlatformEnv } from '../env';
import { clockNowIso, clockNowMs } from '../clock';
import { readBodyText } from '../http';
import type { TypedHandler } from '../router';
import { deleteWebhookMessagesSignedBefore, forgetWebhookMessage, recordWebhookMessage, stopTextsTo } from './store';

/** The words UK senders treat as "stop texting me" (the mobile networks' and PECR's common practice). */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'END', 'CANCEL', 'QUIT']);

/** The UK mobile a reply came from, as the platform stores phones (E.164); anything else null. */
export function ukMobileOf(value: string): string | null {
  const phone = checkUkPhone(value);
  return phone.valid && phone.mobile && phone.e164 ? phone.e164 : null;
}

export const isStopReply = (text: string) =>
  STOP_WORDS.has(
    text
      .trim()
      .toUpperCase()
      .replace(/[.!]+$/, ''),
  );

/**
 * The SMS provider's webhook headers, as Standard Webhooks names them: its message id (the same
 * on every retry of one message), when it signed it (unix seconds) and the signatures
 * (`v1,<base64 HMAC-SHA256>`, space-separated: a provider rotating its secret sends one per key).
 */
export const SMS_WEBHOOK_HEADERS = { id: 'webhook-id', timestamp: 'webhook-timestamp', signature: 'webhook-signature' } as const;

/** How far a webhook's timestamp may be from our clock, either way: beyond it a capture is stale. */
export const SMS_WEBHOOK_TOLERANCE_MS = 5 * 60_000;

/** Seen ids are kept this long; one older than the tolerance is refused by its timestamp alone. */
const SEEN_IDS_KEPT_MS = 24 * 60 * 60_000;

const encoder = new TextEncoder();

/**
 * The HMAC key: a Standard Webhooks secret (`whsec_` and base64) is its decoded bytes, as the
 * provider that issued it signs with; any other secret is used as its own UTF-8 bytes.
 */
function keyBytes(secret: string): Uint8Array<ArrayBuffer> {
  if (!secret.startsWith('whsec_')) return encoder.encode(secret);
  return Uint8Array.from(atob(secret.slice('whsec_'.length)), (c) => c.charCodeAt(0));
}

/** The `v1,<base64>` signature of one webhook message: HMAC-SHA256 of `${id}.${timestamp}.${body}`. */
export async function signSmsReply(secret: string, id: string, timestamp: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', keyBytes(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(`${id}.${timestamp}.${body}`)));
  return `v1,${btoa(String.fromCharCode(...mac))}`;
}

/** Whether any of the header's signatures is the expected one; every one is compared in full. */
function anySignatureMatches(header: string, expected: string): boolean {
  let matched = false;
  for (const signature of header.split(' ')) if (signature && sameSecret(signature, expected)) matched = true;
  return matched;
}

/** A webhook id we store: the provider's own (`msg_…`), printable and short, never a paragraph. */
const WEBHOOK_ID = /^[\x21-\x7e]{1,128}$/;
/** Unix seconds, as the header carries them. */
const WEBHOOK_TIMESTAMP = /^\d{1,12}$/;

export type SmsWebhookCheck =
  { signed: true; id: string } | { signed: false; reason: 'not_webhook' | 'bad_signature' | 'stale' | 'replayed' };

/**
 * Whether a request is the SMS provider's own: signed with SMS_WEBHOOK_SECRET (Standard Webhooks),
 * within five minutes of our clock, and a message id not acted on before, which this records. The
 * one caller besides the app the platform answers, and only on the replies path. Without the id
 * and the timestamp under the signature, a signed STOP captured once would work forever (after the
 * seller turns texts back on, say). The body is read from a clone (the handler reads it again),
 * within the platform's body limit.
 */
export async function checkSmsWebhook(request: Request, env: PlatformEnv, secret: string | null, path: string): Promise<SmsWebhookCheck> {
  const signatures = request.headers.get(SMS_WEBHOOK_HEADERS.signature);
  if (!secret || !signatures || request.method !== 'POST' || new URL(request.url).pathname !== path)
    return { signed: false, reason: 'not_webhook' };
  const id = request.headers.get(SMS_WEBHOOK_HEADERS.id) ?? '';
  const timestamp = request.headers.get(SMS_WEBHOOK_HEADERS.timestamp) ?? '';
  if (!WEBHOOK_ID.test(id) || !WEBHOOK_TIMESTAMP.test(timestamp)) return { signed: false, reason: 'bad_signature' };
  const body = await readBodyText(request.clone() as Request);
  if (!anySignatureMatches(signatures, await signSmsReply(secret, id, timestamp, body))) return { signed: false, reason: 'bad_signature' };
  const signedAtMs = Number(timestamp) * 1000;
  if (Math.abs(clockNowMs() - signedAtMs) > SMS_WEBHOOK_TOLERANCE_MS) return { signed: false, reason: 'stale' };
  const recorded = await recordWebhookMessage(env.DB, id, new Date(signedAtMs).toISOString(), clockNowIso());
  return recorded ? { signed: true, id } : { signed: false, reason: 'replayed' };
}

/**
 * Forgets a message we could not handle (a 5xx of ours), so the provider's retry of it, which
 * carries the same id, is taken rather than refused as a replay.
 */
export async function forgetSmsWebhookMessage(db: D1Database, id: string): Promise<void> {
  await forgetWebhookMessage(db, id);
}

/** The daily Cron Trigger's pruning: ids whose timestamp alone now refuses them. */
export async function deleteOldSmsWebhookMessages(db: D1Database, now: Date): Promise<number> {
  return deleteWebhookMessagesSignedBefore(db, new Date(now.getTime() - SEEN_IDS_KEPT_MS).toISOString());
}

/**
 * POST /platform/notify/sms-replies {from, text}: a reply to one of our texts, as the SMS provider
 * hands it on (signed, see checkSmsWebhook) or the app relays it. "STOP" stops every text to that number at once (e-mails go on); anything else is
 * recorded nowhere: texts are not a support channel.
 */
export const smsReply: TypedHandler<typeof endpoints.notify.smsReply> = async ({ body }, ctx) => {
  const from = ukMobileOf(body.from);
  if (!from) return ctx.outcome({ status: 400, code: 'bad_request', message: 'A reply needs the UK mobile it came from and its text' });
  if (!isStopReply(body.text.slice(0, 160))) return { stopped: false };
  await stopTextsTo(ctx.env.DB, from, clockNowIso());
  console.log(JSON.stringify({ event: 'platform.notify.sms_stopped', via: 'reply' }));
  return { stopped: true };
};
