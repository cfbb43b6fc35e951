-- A seller's enquiry about one vehicle: the mileage they gave, the valuation, where it can be sold,
-- and (once it enters the dealer sale) the dealer-platform state.
CREATE TABLE enquiries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  vehicle_id INTEGER NOT NULL REFERENCES vehicles(id),
  vrm TEXT NOT NULL,
  -- Who it belongs to: 'customer:{id}' once signed in, 'requester:{id}' for an anonymous seller,
  -- 'sandbox' for the seeded examples every seller sees (docs/sandbox.md).
  owner_key TEXT NOT NULL,
  customer_id INTEGER,
  mileage INTEGER,
  status TEXT NOT NULL,
  dp_enquiry_id INTEGER,
  dp_state_slug TEXT,
  marketplace_eligible INTEGER,
  ineligible_by TEXT,
  partner_id TEXT,
  valuation TEXT,                            -- JSON Valuation
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX enquiries_by_owner ON enquiries (owner_key, vrm, updated_at);
CREATE INDEX enquiries_by_vrm ON enquiries (vrm);
