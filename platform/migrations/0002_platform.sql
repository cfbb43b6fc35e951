-- The platform's own records. Seeding never writes these: they are what users create.
CREATE TABLE vehicles (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  vrm TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Fixed-window counters for rate limits, one row per key and window.
CREATE TABLE rate_limits (
  key TEXT NOT NULL,
  window_start INTEGER NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (key, window_start)
);
