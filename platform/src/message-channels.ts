import { isProduction, type PlatformEnv } from './env';
import { clockNowIso } from './clock';
import { outboxEmail, outboxText } from './records/outbox';

/** An e-mail as the providers take it. */
export interface OutgoingEmail {
  subject: string;
  text: string;
  html: string;
}

/**
 * The two ways a message leaves the platform, behind one interface so the consumer never knows the
 * provider. `idempotencyKey` goes to a provider that honours one, so a send repeated after a crash
 * (the consumer's lease ran out) is dropped by the provider rather than delivered twice.
 */
export interface Channels {
  sendEmail(to: string, rendered: OutgoingEmail, options?: { idempotencyKey?: string }): Promise<void>;
  sendSms(to: string, text: string, options?: { idempotencyKey?: string }): Promise<void>;
}

/** The outbox the development mailbox reads: e-mails and texts, locally and in tests. */
export function outboxChannels(env: PlatformEnv): Channels {
  return {
    async sendEmail(to, rendered) {
      await outboxEmail(env.DB, { to, subject: rendered.subject, body: rendered.text, link: null, at: clockNowIso() });
    },
    async sendSms(to, text) {
      await outboxText(env.DB, { to, body: text, at: clockNowIso() });
    },
  };
}

/**
 * A provider's HTTP API: a JSON POST with a bearer key. Anything but a 2xx is a failure, which the
 * queue retries.
 */
export function httpChannels(env: PlatformEnv): Channels {
  const post = async (url: string | undefined, key: string | undefined, body: unknown, idempotencyKey?: string) => {
    if (!url || !key) throw new Error('the message provider is not configured (EMAIL_API_URL/SMS_API_URL and their keys)');
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`the provider answered ${response.status}`);
  };
  return {
    sendEmail: (to, rendered, options) =>
      post(
        env.EMAIL_API_URL,
        env.EMAIL_API_KEY,
        { to, subject: rendered.subject, text: rendered.text, html: rendered.html },
        options?.idempotencyKey,
      ),
    sendSms: (to, text, options) => post(env.SMS_API_URL, env.SMS_API_KEY, { to, text }, options?.idempotencyKey),
  };
}

/** Channels that fail every send: the test switch that shows retries and the dead letter. */
function failingChannels(): Channels {
  const fail = async () => {
    throw new Error('NOTIFY_FAIL_SENDS: the provider is failing on purpose');
  };
  return { sendEmail: fail, sendSms: fail };
}

/**
 * The channels for one delivery attempt, from the environment: `NOTIFY_PROVIDER=http` (production,
 * which refuses anything else) or `outbox`. `NOTIFY_FAIL_SENDS=n` fails attempts 1 to n of every
 * message, outside production only.
 */
export function channelsFor(env: PlatformEnv, attempt: number): Channels {
  const provider = providerOf(env);
  if (isProduction(env) && env.NOTIFY_FAIL_SENDS) throw new Error('NOTIFY_FAIL_SENDS is not allowed in production');
  const failUpTo = Number.parseInt(env.NOTIFY_FAIL_SENDS ?? '0', 10) || 0;
  if (attempt <= failUpTo) return failingChannels();
  return provider === 'http' ? httpChannels(env) : outboxChannels(env);
}

/** The configured provider: `http` in production (which refuses anything else), `outbox` locally. */
export function providerOf(env: PlatformEnv): 'http' | 'outbox' {
  const provider = env.NOTIFY_PROVIDER ?? (isProduction(env) ? 'http' : 'outbox');
  if (isProduction(env) && provider !== 'http') throw new Error(`NOTIFY_PROVIDER=${provider} is not allowed in production`);
  if (provider === 'http' || provider === 'outbox') return provider;
  throw new Error(`NOTIFY_PROVIDER=${provider} is not a provider (http or outbox)`);
}

/** A plain-text e-mail as HTML: paragraphs kept, addresses clickable. */
export function plainTextHtml(text: string): string {
  const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return text
    .split(/\n{2,}/)
    .map(
      (paragraph) =>
        `<p>${escape(paragraph)
          .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
          .replace(/\n/g, '<br>')}</p>`,
    )
    .join('\n');
}
