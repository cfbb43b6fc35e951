import { z } from 'zod';

/**
 * The app's configuration, read from the worker environment (wrangler vars locally, `wrangler
 * secret` in production) and validated at the start of every request: a Worker has no start-up
 * hook, and a bad deploy should fail loudly on its first request rather than half-work.
 */

export const DEFAULT_HELP_CENTRE_URL = 'https://help.kerbside.co.uk';

/** Development secrets carry this marker; production refuses them. */
export const DEV_SECRET_MARKER = 'dev-only-';

const FeatureFlagsSchema = z
  .object({
    /** The development mailbox page (e-mails from the platform's outbox). Never on in production. */
    devMailbox: z.boolean().default(false),
    hideSupportWidget: z.boolean().default(true),
  })
  .strip();

export type FeatureFlags = z.infer<typeof FeatureFlagsSchema>;

const EnvSchema = z
  .object({
    BRAND_NAME: z.string().trim().min(1).default('Kerbside'),
    HELP_CENTRE_URL: z.string().url().default(DEFAULT_HELP_CENTRE_URL),
    ENVIRONMENT: z.enum(['development', 'test', 'production']),
    SESSION_SECRETS: z
      .string({ required_error: 'SESSION_SECRETS is not set (wrangler secret put SESSION_SECRETS)' })
      .transform((value) => value.split(',').map((s) => s.trim()).filter(Boolean))
      .pipe(z.array(z.string().min(32, 'each session secret needs at least 32 characters')).min(1)),
    GATEWAY_URL: z.string().url().optional().or(z.literal('').transform(() => undefined)),
    GATEWAY: z.custom<Fetcher>((value) => !!value && typeof (value as Fetcher).fetch === 'function').optional(),
    FEATURE_FLAGS: z
      .string()
      .default('{}')
      .transform((value, ctx) => {
        try {
          return JSON.parse(value) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'FEATURE_FLAGS is not JSON' });
          return z.NEVER;
        }
      })
      .pipe(FeatureFlagsSchema),
  })
  .superRefine((env, ctx) => {
    if (!env.GATEWAY && !env.GATEWAY_URL) {
      ctx.addIssue({ code: 'custom', message: 'Set the GATEWAY service binding or GATEWAY_URL' });
    }
    if (env.ENVIRONMENT === 'production') {
      if (env.SESSION_SECRETS.some((secret) => secret.startsWith(DEV_SECRET_MARKER))) {
        ctx.addIssue({ code: 'custom', path: ['SESSION_SECRETS'], message: 'a development secret is configured in production' });
      }
      if (env.FEATURE_FLAGS.devMailbox) {
        ctx.addIssue({ code: 'custom', path: ['FEATURE_FLAGS'], message: 'the development mailbox cannot be on in production' });
      }
    }
  });

export interface AppConfig {
  brandName: string;
  helpCentreUrl: string;
  environment: 'development' | 'test' | 'production';
  sessionSecrets: string[];
  gateway: { binding: Fetcher; url?: undefined } | { binding?: undefined; url: string };
  featureFlags: FeatureFlags;
}

export class ConfigError extends Error {
  constructor(issues: string[]) {
    super(`Invalid configuration: ${issues.join('; ')}`);
    this.name = 'ConfigError';
  }
}

export function readConfig(env: Record<string, unknown>): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)));
  }
  const e = parsed.data;
  return {
    brandName: e.BRAND_NAME,
    helpCentreUrl: e.HELP_CENTRE_URL,
    environment: e.ENVIRONMENT,
    sessionSecrets: e.SESSION_SECRETS,
    // A binding wins: locally it reaches the platform worker without a network hop.
    gateway: e.GATEWAY ? { binding: e.GATEWAY } : { url: e.GATEWAY_URL! },
    featureFlags: e.FEATURE_FLAGS,
  };
}

/**
 * The development tools (the mailbox, the switches that stand in for dealers and banks): on with
 * the devMailbox flag, and never in production whatever the flag says.
 */
export function devToolsOn(config: Pick<AppConfig, 'featureFlags' | 'environment'>): boolean {
  return config.featureFlags.devMailbox && config.environment !== 'production';
}
