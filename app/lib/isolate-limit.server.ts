/**
 * A per-address limit kept in the isolate's memory, for what is not worth a platform call: the
 * browser's silent reports, which are one log line each and must cost a beacon nothing. It limits
 * what one address can make one isolate write, which is what floods the logs; an address spread
 * over many isolates gets more through, and that is fine for a log line. The map is bounded: past
 * `maxKeys` addresses it forgets the ones whose window has passed, and at worst all of them.
 */
export function isolateLimiter({ limit, windowMs, maxKeys = 10_000 }: { limit: number; windowMs: number; maxKeys?: number }) {
  const windows = new Map<string, { startedMs: number; count: number }>();
  return {
    /** Counts one hit for `key` at `nowMs`; false when the key is over its limit in this window. */
    allow(key: string, nowMs: number): boolean {
      const window = windows.get(key);
      if (!window || nowMs - window.startedMs >= windowMs || nowMs < window.startedMs) {
        if (windows.size >= maxKeys) {
          for (const [other, { startedMs }] of windows) if (nowMs - startedMs >= windowMs) windows.delete(other);
          if (windows.size >= maxKeys) windows.clear();
        }
        windows.set(key, { startedMs: nowMs, count: 1 });
        return true;
      }
      window.count += 1;
      return window.count <= limit;
    },
  };
}
