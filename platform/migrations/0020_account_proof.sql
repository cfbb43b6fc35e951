-- Proof of the address (docs/decisions/014-accounts-and-sessions.md). An account holds nothing
-- that matters (accepting an offer, bank details, documents) until its address is proven by
-- opening a link sent to it; proving it ends every session that was not started by that proof.
ALTER TABLE users ADD COLUMN email_verified_at TEXT;

-- Sessions started by opening a link sent to the address are the ones proof keeps.
ALTER TABLE sessions ADD COLUMN by_proof INTEGER NOT NULL DEFAULT 0;

-- A link belongs to the browser that asked for it: the hash of a key held in that browser's
-- sealed session cookie. Elsewhere the link only works after the seller says which account it is.
ALTER TABLE sign_in_links ADD COLUMN browser_key_hash TEXT;
-- 'sign_in' (asked for on the sign-in page, or sign-up with a known address), 'verify' (sent at
-- sign-up), 'payee' (a change of payout account waiting for proof).
ALTER TABLE sign_in_links ADD COLUMN purpose TEXT NOT NULL DEFAULT 'sign_in';

-- A payout account change waits here, sealed like the current one, until the seller proves it.
CREATE TABLE payee_changes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  enquiry_id INTEGER NOT NULL REFERENCES enquiries(id),
  customer_id INTEGER NOT NULL REFERENCES users(id),
  details_iv TEXT NOT NULL,
  details_ciphertext TEXT NOT NULL,
  last4 TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  applied_at TEXT,
  retired_at TEXT
);
CREATE INDEX payee_changes_by_enquiry ON payee_changes (enquiry_id, id);

-- "Not you? Freeze my payout": nothing is paid while a payout is frozen, until support clears it.
ALTER TABLE beneficiaries ADD COLUMN frozen_at TEXT;
ALTER TABLE beneficiaries ADD COLUMN freeze_token_hash TEXT;
