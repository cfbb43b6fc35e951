-- Short links for texts (docs/notifications.md#short-links): /s/{code} sends the seller to a path on
-- our own site until the link expires. Expired rows are kept so the page can say "expired" rather
-- than "not recognised".
CREATE TABLE short_links (
  code TEXT PRIMARY KEY,          -- random, from the alphabet in platform/src/notify/short-links.ts
  path TEXT NOT NULL,             -- a path on our origin only, never a full address
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
