-- Sellers' accounts: e-mail-link sign-in, sessions with revocable tokens, their vehicles, and the
-- outbox every e-mail goes to (a development mailbox page reads it).
CREATE TABLE users (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id TEXT NOT NULL UNIQUE,              -- identity-provider id
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  phone TEXT NOT NULL,                       -- E.164
  postcode TEXT NOT NULL,                    -- normalised: 'SW1A 1AA'
  email_crm_tier TEXT NOT NULL,              -- 'marketing' (consented) | 'service' (only what the sale needs)
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- One-time sign-in links: only a hash of the token is kept; a link works once, for a short time.
CREATE TABLE sign_in_links (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  redirect_to TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);

-- A signed-in session: the id token names it (sid); revoking it ends the refresh token and auth token too.
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  refresh_token_hash TEXT NOT NULL UNIQUE,
  auth_token_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  refreshed_at TEXT,
  revoked_at TEXT
);

CREATE TABLE customer_vehicles (
  customer_id INTEGER NOT NULL REFERENCES users(id),
  vehicle_id INTEGER NOT NULL REFERENCES vehicles(id),
  added_at TEXT NOT NULL,
  PRIMARY KEY (customer_id, vehicle_id)
);

CREATE TABLE outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  to_email TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  link TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX outbox_by_recipient ON outbox (to_email, id);
