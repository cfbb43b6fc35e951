-- Confirmation of Payee (docs/decisions/036): the name typed for a payout account is checked
-- with the account's bank before the account is saved.

-- The check of the account on file: its outcome, the name the bank holds (close match only), when
-- it was made, and when the seller kept details the bank said were not theirs. `cop` is one of
-- match | close_match | no_match | no_match_confirmed | unavailable; NULL for an account saved
-- before the check existed. An unavailable check is retried by the Cron Trigger (`cop_retries`).
-- The name is kept in clear like `last4`: what support checks a held payout against. The account
-- number stays in the sealed details alone.
ALTER TABLE beneficiaries ADD COLUMN cop TEXT CHECK (cop IN ('match', 'close_match', 'no_match', 'no_match_confirmed', 'unavailable'));
ALTER TABLE beneficiaries ADD COLUMN cop_bank_name TEXT;
ALTER TABLE beneficiaries ADD COLUMN cop_checked_at TEXT;
ALTER TABLE beneficiaries ADD COLUMN cop_confirmed_at TEXT;
ALTER TABLE beneficiaries ADD COLUMN cop_retries INTEGER NOT NULL DEFAULT 0;
CREATE INDEX beneficiaries_cop_unavailable ON beneficiaries (cop_checked_at) WHERE cop = 'unavailable';

-- A change of the payout account carries the check of its new details, which the code applies with it.
ALTER TABLE payee_changes ADD COLUMN cop TEXT;
ALTER TABLE payee_changes ADD COLUMN cop_bank_name TEXT;
ALTER TABLE payee_changes ADD COLUMN cop_checked_at TEXT;
ALTER TABLE payee_changes ADD COLUMN cop_confirmed_at TEXT;

-- A check of typed details that came back a close match or a no match waits here (`open`), its
-- details sealed as a beneficiary's are, until the seller uses the bank's name, keeps the details
-- (a no match, confirmed), or types others: nothing is saved as the payout account before then.
-- A match or an unavailable check is saved at once, with its outcome on the account.
CREATE TABLE payee_checks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  enquiry_id INTEGER NOT NULL REFERENCES enquiries(id),
  customer_id INTEGER NOT NULL REFERENCES users(id),
  session_id TEXT,                           -- the session that typed the details: only it sees the open check
  details_iv TEXT NOT NULL,
  details_ciphertext TEXT NOT NULL,          -- sealed {accountName, sortCode, accountNumber}, as typed
  last4 TEXT NOT NULL,
  result TEXT NOT NULL CHECK (result IN ('close_match', 'no_match')),
  bank_name TEXT,                            -- the name the bank holds (close match)
  reason TEXT,                               -- a close match's: name | account_type
  state TEXT NOT NULL CHECK (state IN ('open', 'used_bank_name', 'kept', 'retired')),
  checked_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  settled_at TEXT
);
CREATE INDEX payee_checks_by_enquiry ON payee_checks (enquiry_id, id);
