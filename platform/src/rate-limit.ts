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
