-- Trust, round two (docs/decisions/031-accounts-sessions-and-mobiles.md): one-time codes with a
-- lifecycle, payee changes that a seller can see and cancel, freeze links that outlive the next
-- notice, proven mobiles, rotating refresh tokens, and what a session shows of itself.

-- Six-digit codes: a payee change's (e-mailed) and a mobile's (texted). Counted per subject across
-- codes (platform/src/records/one-time-codes.ts): how many are issued an hour and a day, and how many
-- guesses they take in a day, each claimed in one statement before a guess is compared.
CREATE TABLE one_time_codes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  purpose TEXT NOT NULL CHECK (purpose IN ('payee_change', 'mobile')),
  subject TEXT NOT NULL,                     -- what the limits count against: 'enquiry:12', 'user:5'
  target TEXT,                               -- what the code proves: the mobile it was texted to (E.164)
  code_hash TEXT NOT NULL,                   -- SHA-256 of the purpose, subject and code: never the code itself
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT,
  retired_at TEXT                            -- a newer code, or the change it was for, ended it
);
CREATE INDEX one_time_codes_by_subject ON one_time_codes (purpose, subject, created_at);

-- A payout account change now keeps its code in one_time_codes and a state the seller's page reads:
-- pending (a code is out), held (too many codes: support must check it), applied, cancelled (the
-- seller said it was not them), retired (a newer change replaced it). Rebuilt, since SQLite cannot
-- drop the old NOT NULL code columns.
CREATE TABLE payee_changes_v2 (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  enquiry_id INTEGER NOT NULL REFERENCES enquiries(id),
  customer_id INTEGER NOT NULL REFERENCES users(id),
  session_id TEXT,                           -- the session that asked (its short id is shown to the seller)
  details_iv TEXT NOT NULL,
  details_ciphertext TEXT NOT NULL,
  last4 TEXT NOT NULL,
  code_id INTEGER REFERENCES one_time_codes(id),
  state TEXT NOT NULL CHECK (state IN ('pending', 'held', 'applied', 'cancelled', 'retired')),
  created_at TEXT NOT NULL,
  expires_at TEXT,                           -- a pending change's code expiry; NULL once held
  settled_at TEXT
);
INSERT INTO payee_changes_v2 (id, enquiry_id, customer_id, details_iv, details_ciphertext, last4, state, created_at, expires_at, settled_at)
  SELECT id, enquiry_id, customer_id, details_iv, details_ciphertext, last4,
    CASE WHEN applied_at IS NOT NULL THEN 'applied' WHEN retired_at IS NOT NULL THEN 'retired' ELSE 'retired' END,
    created_at, expires_at, COALESCE(applied_at, retired_at, created_at)
  FROM payee_changes;
DROP TABLE payee_changes;
ALTER TABLE payee_changes_v2 RENAME TO payee_changes;
CREATE INDEX payee_changes_by_enquiry ON payee_changes (enquiry_id, id);

-- "Not you? Freeze my payout" links (platform/src/records/freeze-links.ts). One per notice; a link stays
-- good until a newer notice of the same scope has been sent. A link for one sale freezes that
-- sale's payout; an account's link (NULL enquiry) freezes every payout of the account. Either ends
-- every session of the account.
CREATE TABLE freeze_links (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  enquiry_id INTEGER REFERENCES enquiries(id),
  reason TEXT NOT NULL,
  created_at TEXT NOT NULL,
  sent_at TEXT,
  retired_at TEXT,
  used_at TEXT
);
CREATE INDEX freeze_links_by_user ON freeze_links (user_id, enquiry_id, created_at);
-- Links already e-mailed stay good: they become rows of their own.
INSERT INTO freeze_links (token_hash, user_id, enquiry_id, reason, created_at, sent_at)
  SELECT freeze_token_hash, customer_id, enquiry_id, 'payee_notice', updated_at, updated_at FROM beneficiaries WHERE freeze_token_hash IS NOT NULL;
ALTER TABLE beneficiaries DROP COLUMN freeze_token_hash;

-- The account: a mobile is texted nothing but codes until one is entered (phone_verified_at); a
-- new mobile waits in phone_pending for its code; a payout freeze of the whole account; details
-- typed before the address was proven from another browser are cleared, and the seller confirms
-- theirs (details_to_confirm); the browser that signed up, so proof can tell.
ALTER TABLE users ADD COLUMN phone_verified_at TEXT;
ALTER TABLE users ADD COLUMN phone_pending TEXT;
ALTER TABLE users ADD COLUMN payouts_frozen_at TEXT;
ALTER TABLE users ADD COLUMN details_to_confirm INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN signup_browser_key_hash TEXT;

-- Sessions: the network or place the edge reported when it started ('unknown' locally), and refresh
-- tokens that rotate. Each refresh replaces refresh_token_hash; the one it replaced is kept here, so
-- a token used again after its successor was issued is seen, and the session ends.
ALTER TABLE sessions ADD COLUMN network TEXT;
CREATE TABLE retired_refresh_tokens (
  token_hash TEXT PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES sessions(id),
  retired_at INTEGER NOT NULL                -- ms on the platform's clock
);
CREATE INDEX retired_refresh_tokens_by_session ON retired_refresh_tokens (session_id);

-- Links in messages come from the platform's configured origin (APP_ORIGINS), never from a request.
ALTER TABLE mot_reminders DROP COLUMN link_base;
ALTER TABLE trackers DROP COLUMN link_base;
