-- First-party analytics events (docs/behaviour/gateway.md#analytics), recorded only for sellers who consented. The app
-- sends them in batches; what an event may hold is checked in platform/src/shell/analytics.ts.
CREATE TABLE analytics_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  requester_id TEXT NOT NULL,                -- the x-requester-id header: the app's id for a browser session
  user_id INTEGER REFERENCES users(id),      -- the signed-in seller, NULL when anonymous
  name TEXT NOT NULL,                        -- snake_case: page_view, lookup_failed...
  path TEXT NOT NULL,                        -- no query string; registrations stored as {vrm}
  occurred_at TEXT NOT NULL,                 -- ISO 8601, the browser's clock
  received_at TEXT NOT NULL,                 -- ISO 8601, the platform's clock
  properties TEXT,                           -- JSON {key: string | number | boolean | null}
  campaign TEXT,                             -- JSON {utm_source...: string}
  experiments TEXT                           -- JSON {experiment: variant}
);
CREATE INDEX analytics_events_by_requester ON analytics_events (requester_id, id);
