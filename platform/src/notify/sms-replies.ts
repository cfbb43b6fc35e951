import { checkUkPhone } from '../../../contract/contact-validation';
import { sameSecret, type PlatformEnv } from '../env';
import { errorResponse, json, readJsonObject } from '../http';
import { clockNowIso } from '../clock';

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

export const SMS_SIGNATURE_HEADER = 'x-sms-signature';

/** HMAC-SHA256 of the body with the webhook secret, as lower-case hex. */
export async function signSmsReply(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(body)));
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether a request is the SMS provider's own, signed with SMS_WEBHOOK_SECRET: the one caller
 * besides the app the platform answers, and only on the replies path. The body is read from a clone
 * (the handler reads it again) and compared in constant time.
 */
export async function isSignedSmsReply(request: Request, secret: string | null, path: string): Promise<boolean> {
  const signature = request.headers.get(SMS_SIGNATURE_HEADER);
  if (!secret || !signature || request.method !== 'POST' || new URL(request.url).pathname !== path) return false;
  const body = await request.clone().text();
  return sameSecret(signature.toLowerCase(), await signSmsReply(secret, body));
}

/**
 * POST /platform/notify/sms-replies {from, text}: a reply to one of our texts, as the SMS provider
 * hands it on (signed, see isSignedSmsReply) or the app relays it. "STOP" stops every text to that number at once (e-mails go on); anything else is
 * recorded nowhere: texts are not a support channel.
 */
export async function smsReply(request: Request, env: PlatformEnv): Promise<Response> {
  const body = await readJsonObject(request);
  const from = ukMobileOf(typeof body?.from === 'string' ? body.from : '');
  const text = typeof body?.text === 'string' ? body.text.slice(0, 160) : null;
  if (!from || text === null) return errorResponse(400, 'bad_request', 'A reply needs the UK mobile it came from and its text');
  if (!isStopReply(text)) return json({ stopped: false });
  await env.DB.prepare('UPDATE users SET sms_stopped_at = COALESCE(sms_stopped_at, ?2) WHERE phone = ?1').bind(from, clockNowIso()).run();
  console.log(JSON.stringify({ event: 'platform.notify.sms_stopped', via: 'reply' }));
  return json({ stopped: true });
}
