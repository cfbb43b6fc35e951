import { createHmac } from 'node:crypto';
import type { Workers } from './workers';

let messages = 0;

/** The provider's headers (Standard Webhooks). */
export const WEBHOOK = { id: 'webhook-id', timestamp: 'webhook-timestamp', signature: 'webhook-signature' } as const;

/**
 * The signature as the provider computes it, written here from the scheme rather than taken from
 * the platform, so a mistake there cannot agree with itself.
 */
export const providerSignature = (secret: string, id: string, timestamp: string, body: string) =>
  `v1,${createHmac('sha256', secret).update(`${id}.${timestamp}.${body}`).digest('base64')}`;

/**
 * A reply as the SMS provider forwards it (Standard Webhooks): its own message id, the time it
 * signed it (the platform's clock unless `signedAt` says otherwise) and the signature over both
 * and the body. `headers` overrides any header after signing, as a tamperer would.
 */
export async function signedReply(
  workers: Workers,
  secret: string,
  reply: { from: string; text: string },
  options: { id?: string; signedAt?: Date; headers?: Record<string, string> } = {},
) {
  const body = JSON.stringify(reply);
  const id = options.id ?? `msg_${Date.now().toString(36)}${++messages}`;
  const timestamp = String(Math.floor((options.signedAt ?? (await workers.clock.now())).getTime() / 1000));
  const headers = {
    'content-type': 'application/json',
    [WEBHOOK.id]: id,
    [WEBHOOK.timestamp]: timestamp,
    [WEBHOOK.signature]: providerSignature(secret, id, timestamp, body),
    ...options.headers,
  };
  return { id, timestamp, body, headers };
}

/** Posts a signed reply to the platform as the provider does: without the app's gateway secret. */
export const postReply = (workers: Workers, request: { body: string; headers: Record<string, string> }) =>
  workers.platform('/platform/notify/sms-replies', { asApp: false, method: 'POST', headers: request.headers, body: request.body });
