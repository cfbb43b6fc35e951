-- The money after the handover (docs/decisions/037): every payment out has a state, and every
-- money movement is one ledger row written in the same batch as the state change it goes with.

-- A payment to the seller or to their lender: requested → sent → credited, or returned; held while
-- a check stands in the way (a frozen payout, a payee check).
CREATE TABLE payouts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  sale_id INTEGER NOT NULL REFERENCES sales(id),
  enquiry_id INTEGER NOT NULL REFERENCES enquiries(id),
  payee TEXT NOT NULL,                       -- seller | lender
  amount_pence INTEGER NOT NULL,
  account_name TEXT NOT NULL,
  account_last4 TEXT NOT NULL,
  reference TEXT NOT NULL,                   -- what the payee's statement shows
  state TEXT NOT NULL,                       -- requested | held | sent | credited | returned
  hold_reason TEXT,
  provider_payment_id TEXT UNIQUE,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  requested_at TEXT NOT NULL,
  sent_at TEXT,
  credited_at TEXT,
  returned_at TEXT,
  return_reason TEXT
);
CREATE INDEX payouts_by_sale ON payouts (sale_id, id);
CREATE INDEX payouts_by_state ON payouts (state, id);

-- Every money movement, in pence. `event_key` names the movement once (its idempotency key):
-- dealer_funds_in#sale, lender_paid#payout, seller_paid#payout, payout_returned#payout,
-- shortfall_in#sale, referral_reward#reward.
CREATE TABLE ledger (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  sale_id INTEGER NOT NULL,
  enquiry_id INTEGER NOT NULL,
  entry TEXT NOT NULL,
  amount_pence INTEGER NOT NULL,
  payout_id INTEGER REFERENCES payouts(id),
  event_key TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL
);
CREATE INDEX ledger_by_sale ON ledger (sale_id);

-- The payment provider's callbacks already applied (Standard Webhooks' webhook-id): a callback
-- delivered twice is answered and changes nothing the second time.
CREATE TABLE payment_callbacks (
  webhook_id TEXT PRIMARY KEY,
  received_at TEXT NOT NULL
);

-- The simulated Faster Payments provider's own book (platform/src/providers/faster-payments.ts):
-- a real provider keeps this on its side.
CREATE TABLE sim_fps_payments (
  idempotency_key TEXT PRIMARY KEY,
  payment_id TEXT NOT NULL UNIQUE,
  sort_code TEXT NOT NULL,
  account_last4 TEXT NOT NULL,
  amount_pence INTEGER NOT NULL,
  submitted_at INTEGER NOT NULL,             -- epoch ms on the product's clock
  outcome TEXT NOT NULL,                     -- credited | returned
  settles_at INTEGER NOT NULL
);
