/**
 * Fixed-window rate limiting in D1: one counter row per key and window. Real limits, so a seller
 * (or a script) that hammers the lookup gets `too_many_requests` like from the real backend.
 */
export async function hitRateLimit(
  db: D1Database,
  key: string,
  limit: number,
  windowMs: number,
  now: number,
): Promise<{ allowed: boolean; count: number; retryAfterSeconds: number }> {
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const row = await db
    .prepare(
      `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
       ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1
       RETURNING count`,
    )
    .bind(key, windowStart)
    .first<{ count: number }>();
  const count = row?.count ?? 1;
  return { allowed: count <= limit, count, retryAfterSeconds: Math.ceil((windowStart + windowMs - now) / 1000) };
}

/** Old windows are useless; clearing them keeps the table small. */
export async function pruneRateLimits(db: D1Database, before: number): Promise<void> {
  await db.prepare('DELETE FROM rate_limits WHERE window_start < ?1').bind(before).run();
}

/**
 * The lookup's limit a minute per client (LOOKUP_RATE_LIMIT), which the free tools and the trackers
 * reuse, each on its own counter.
 */
export const DEFAULT_LOOKUP_RATE_LIMIT = 60;

/** Who is asking, for rate limits: the seller's IP as the app forwards it, else its requester id. */
export function clientKey(request: Request): string {
  return request.headers.get('x-client-ip') ?? request.headers.get('x-requester-id') ?? 'anonymous';
}
