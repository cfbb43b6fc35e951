export interface PlatformEnv {
  DB: D1Database;
  DOCUMENTS: R2Bucket;
  ENVIRONMENT: string;
  /** Vehicle lookups allowed per client per minute. */
  LOOKUP_RATE_LIMIT?: string;
  /** Simulated response time of the outside data providers (MOT history), in ms. */
  PROVIDER_LATENCY_MS?: string;
}

export function intVar(value: string | undefined, fallback: number): number {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback;
}
