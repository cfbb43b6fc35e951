import { z } from 'zod';
import { configuredOffset } from '../../contract/clock';

/**
 * The app's configuration, read from the worker environment (wrangler vars locally, `wrangler
 * secret` in production) and validated at the start of every request: a Worker has no start-up
 * hook, and a bad deploy should fail loudly on its first request rather than half-work.
 */

export const DEFAULT_HELP_CENTRE_URL = 'https://help.kerbside.co.uk';
export const DEFAULT_DEALER_SITE_URL = 'https://dealers.kerbside.co.uk';
export const DEFAULT_BEST_EV_CITIES_URL = 'https://best-ev-cities.kerbside.co.uk';

/** Development secrets carry this marker; production refuses them. */
export const DEV_SECRET_MARKER = 'dev-only-';

const FeatureFlagsSchema = z
  .object({
    /** The development mailbox page (e-mails from the platform's outbox). Never on in production. */
    devMailbox: z.boolean().default(false),
    hideSupportWidget: z.boolean().default(true),
    /** Content pages from the content store's newer layout (docs/behaviour/data.md#configuration). */
    showWordpressRefactoringUpdates: z.boolean().default(false),
  })
  .strip();

/** The flags a development override may set (see /dev/flags): every flag but the development tools themselves. */
export const OVERRIDABLE_FLAGS = [
  'hideSupportWidget',
  'showWordpressRefactoringUpdates',
] as const satisfies readonly (keyof FeatureFlags)[];

const jsonVar = (name: string) =>
  z
    .string()
    .default('{}')
    .transform((value, ctx) => {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: `${name} is not JSON` });
        return z.NEVER;
      }
    });

/** Only an embed address on YouTube's privacy-enhanced host: the CSP allows framing exactly that host. */
const VideoUrlSchema = z
  .string()
  .url()
  .refine(
    (value) => /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+$/.test(value),
    'YOUTUBE_EMBED_URL must be https://www.youtube-nocookie.com/embed/{id}',
  );

export type FeatureFlags = z.infer<typeof FeatureFlagsSchema>;

/**
 * Who the seller contracts with, as the terms and the privacy notice must say: the company's
 * registered name, number and address and its ICO registration. Facts only the company has, so
 * they come from configuration; the development values carry DEV_SECRET_MARKER and production
 * refuses them, or their absence.
 */
const CompanyDetailsSchema = z
  .object({
    name: z.string().trim().min(2),
    number: z.string().trim().min(2),
    registeredAddress: z.string().trim().min(5),
    icoNumber: z.string().trim().min(2),
  })
  .strict();

export type CompanyDetails = z.infer<typeof CompanyDetailsSchema>;

const EnvSchema = z
  .object({
    BRAND_NAME: z.string().trim().min(1).default('Kerbside'),
    HELP_CENTRE_URL: z.string().url().default(DEFAULT_HELP_CENTRE_URL),
    ENVIRONMENT: z.enum(['development', 'test', 'production']),
    SESSION_SECRETS: z
      .string({ required_error: 'SESSION_SECRETS is not set (wrangler secret put SESSION_SECRETS)' })
      .transform((value) =>
        value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().min(32, 'each session secret needs at least 32 characters')).min(1)),
    /** Proves to the gateway that a call comes from this app (the platform refuses any other caller). */
    GATEWAY_SECRET: z
      .string({ required_error: 'GATEWAY_SECRET is not set (wrangler secret put GATEWAY_SECRET)' })
      .trim()
      .min(32, 'GATEWAY_SECRET needs at least 32 characters'),
    GATEWAY_URL: z
      .string()
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    GATEWAY: z.custom<Fetcher>((value) => !!value && typeof (value as Fetcher).fetch === 'function').optional(),
    FEATURE_FLAGS: jsonVar('FEATURE_FLAGS').pipe(FeatureFlagsSchema),
    /** JSON {name, number, registeredAddress, icoNumber}: the legal pages' company details (CompanyDetailsSchema). */
    COMPANY_DETAILS: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (!value?.trim()) return undefined;
        try {
          return JSON.parse(value) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'COMPANY_DETAILS is not JSON' });
          return z.NEVER;
        }
      })
      .pipe(CompanyDetailsSchema.optional()),
    /**
     * How many verified dealers the network has, a whole number (7500): the figure every page's
     * "7,500+ dealers" claim is made from (dealer-network.ts). A fact only the business holds, so it
     * is configured, never defaulted: every environment must set it.
     */
    DEALER_NETWORK_SIZE: z
      .string({ required_error: 'DEALER_NETWORK_SIZE is not set (the number of dealers in the network, e.g. 7500)' })
      .trim()
      .regex(/^\d+$/, 'DEALER_NETWORK_SIZE must be a whole number of dealers, e.g. 7500')
      .transform(Number)
      .pipe(z.number().int().min(1, 'DEALER_NETWORK_SIZE must be at least 1')),
    /**
     * The site's own address as the public reaches it (`https://www.kerbside.co.uk`): what every
     * absolute link a page makes is built on (the canonical link, the sitemap, a referral link,
     * the links the platform e-mails), never the request's Host, which is the client's word.
     * Required everywhere; https in production.
     */
    PUBLIC_ORIGIN: z
      .string({ required_error: 'PUBLIC_ORIGIN is not set (the site’s own origin, e.g. https://www.kerbside.co.uk)' })
      .trim()
      .transform((value, ctx) => {
        let url: URL | null = null;
        try {
          url = new URL(value);
        } catch {
          url = null;
        }
        if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== value.replace(/\/$/, '')) {
          ctx.addIssue({ code: 'custom', message: 'PUBLIC_ORIGIN must be an origin only, like https://www.kerbside.co.uk' });
          return z.NEVER;
        }
        return url.origin;
      }),
    DEALER_SITE_URL: z.string().url().default(DEFAULT_DEALER_SITE_URL),
    BEST_EV_CITIES_URL: z.string().url().default(DEFAULT_BEST_EV_CITIES_URL),
    /** The home page's video (docs/behaviour/shell.md#home-page); without it the video section is left out. */
    YOUTUBE_EMBED_URL: VideoUrlSchema.optional().or(z.literal('').transform(() => undefined)),
    /** Experiment decisions fixed by configuration: experiment name → variant (docs/behaviour/data.md#configuration). */
    EXPERIMENT_DECISIONS: jsonVar('EXPERIMENT_DECISIONS').pipe(z.record(z.string().regex(/^[a-z][a-z0-9_]*$/), z.string())),
    /** How long the shell's shared blocks (reviews, recent sales, dealers) are kept per isolate; 0 turns it off. */
    SHARED_BLOCKS_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    /** Milliseconds the clock runs ahead of (or behind) real time, for tests; refused in production (clock.server.ts). */
    CLOCK_OFFSET_MS: z.union([z.string(), z.number()]).optional(),
    /** Multiplies the gateway's timeouts, for tests that wait them out; only 1 in production. */
    GATEWAY_TIMEOUT_SCALE: z.coerce.number().gt(0).max(1).default(1),
  })
  .superRefine((env, ctx) => {
    if (!env.GATEWAY && !env.GATEWAY_URL) {
      ctx.addIssue({ code: 'custom', message: 'Set the GATEWAY service binding or GATEWAY_URL' });
    }
    if (env.ENVIRONMENT === 'production') {
      if (env.SESSION_SECRETS.some((secret) => secret.startsWith(DEV_SECRET_MARKER))) {
        ctx.addIssue({ code: 'custom', path: ['SESSION_SECRETS'], message: 'a development secret is configured in production' });
      }
      if (env.GATEWAY_SECRET.startsWith(DEV_SECRET_MARKER)) {
        ctx.addIssue({ code: 'custom', path: ['GATEWAY_SECRET'], message: 'a development secret is configured in production' });
      }
      if (env.CLOCK_OFFSET_MS !== undefined && !/^\s*-?0*\s*$/.test(String(env.CLOCK_OFFSET_MS))) {
        ctx.addIssue({ code: 'custom', path: ['CLOCK_OFFSET_MS'], message: 'the clock can only be moved outside production' });
      }
      if (env.GATEWAY_TIMEOUT_SCALE !== 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['GATEWAY_TIMEOUT_SCALE'],
          message: 'the gateway timeouts can only be shortened outside production',
        });
      }
      if (!env.COMPANY_DETAILS) {
        ctx.addIssue({
          code: 'custom',
          path: ['COMPANY_DETAILS'],
          message: 'the company details for the terms and privacy notice are not set',
        });
      } else if (Object.values(env.COMPANY_DETAILS).some((value) => value.startsWith(DEV_SECRET_MARKER))) {
        ctx.addIssue({ code: 'custom', path: ['COMPANY_DETAILS'], message: 'development company details are configured in production' });
      }
      if (!env.PUBLIC_ORIGIN.startsWith('https://')) {
        ctx.addIssue({ code: 'custom', path: ['PUBLIC_ORIGIN'], message: 'the public origin must be https in production' });
      }
      if (env.FEATURE_FLAGS.devMailbox) {
        ctx.addIssue({ code: 'custom', path: ['FEATURE_FLAGS'], message: 'the development mailbox cannot be on in production' });
      }
    }
  });

export interface AppConfig {
  brandName: string;
  helpCentreUrl: string;
  dealerSiteUrl: string;
  bestEvCitiesUrl: string;
  /** The site's own origin (PUBLIC_ORIGIN), for every absolute link of ours. */
  publicOrigin: string;
  youtubeEmbedUrl: string | null;
  experimentDecisions: Record<string, string>;
  environment: 'development' | 'test' | 'production';
  sessionSecrets: string[];
  gateway: { binding: Fetcher; url?: undefined } | { binding?: undefined; url: string };
  /** Sent with every gateway call (GATEWAY_SECRET_HEADER). */
  gatewaySecret: string;
  featureFlags: FeatureFlags;
  /** Null only outside production, where a page that needs them says they are not configured. */
  companyDetails: CompanyDetails | null;
  /** How many verified dealers the network has (DEALER_NETWORK_SIZE); pages show it with formatDealerNetwork. */
  dealerNetworkSize: number;
  /** Seconds the shell's blocks that are the same for every visitor are kept (shared-blocks.server.ts). */
  sharedBlocksSeconds: number;
  /** How far the clock runs from real time (0 in production). */
  clockOffsetMs: number;
  /** Multiplies the gateway's timeouts (1 in production). */
  gatewayTimeoutScale: number;
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
    dealerSiteUrl: e.DEALER_SITE_URL,
    bestEvCitiesUrl: e.BEST_EV_CITIES_URL,
    publicOrigin: e.PUBLIC_ORIGIN,
    youtubeEmbedUrl: e.YOUTUBE_EMBED_URL ?? null,
    experimentDecisions: e.EXPERIMENT_DECISIONS,
    environment: e.ENVIRONMENT,
    sessionSecrets: e.SESSION_SECRETS,
    // A binding wins: locally it reaches the platform worker without a network hop.
    gateway: e.GATEWAY ? { binding: e.GATEWAY } : { url: e.GATEWAY_URL! },
    gatewaySecret: e.GATEWAY_SECRET,
    featureFlags: e.FEATURE_FLAGS,
    companyDetails: e.COMPANY_DETAILS ?? null,
    dealerNetworkSize: e.DEALER_NETWORK_SIZE,
    sharedBlocksSeconds: e.SHARED_BLOCKS_SECONDS,
    gatewayTimeoutScale: e.GATEWAY_TIMEOUT_SCALE,
    clockOffsetMs: configuredOffset(e.CLOCK_OFFSET_MS, e.ENVIRONMENT === 'production'),
  };
}

/**
 * The development tools (the mailbox, the switches that stand in for dealers and banks): on with
 * the devMailbox flag, and never in production whatever the flag says.
 */
export function devToolsOn(config: Pick<AppConfig, 'featureFlags' | 'environment'>): boolean {
  return config.featureFlags.devMailbox && config.environment !== 'production';
}
