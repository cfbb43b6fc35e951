-- The vehicle profile a seller builds before the dealer sale, and the daily sale itself.
CREATE TABLE vehicle_profiles (
  enquiry_id INTEGER PRIMARY KEY REFERENCES enquiries(id),
  features TEXT,                             -- JSON string[]
  service_history TEXT,                      -- full | partial | none
  finance TEXT,                              -- JSON {outstanding, lender, settlement}
  issues TEXT,                               -- JSON {declared, items: [{kind, detail}]}
  keys INTEGER,
  updated_at TEXT NOT NULL
);

-- One lot in a daily sale. Its id is the dealer-platform enquiry id (valuation_ref). A relisted car
-- gets a new sale; earlier ones stay as history.
CREATE TABLE sales (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  enquiry_id INTEGER NOT NULL REFERENCES enquiries(id),
  seed INTEGER NOT NULL,
  valuation INTEGER NOT NULL,
  reserve INTEGER NOT NULL,
  starts_at INTEGER NOT NULL,                -- epoch ms
  ends_at INTEGER NOT NULL,
  offer_amount INTEGER,
  offer_dealer_id INTEGER,
  offer_expires_at INTEGER,
  outcome TEXT,                              -- accepted | declined | expired, once the seller (or time) decides
  accepted_at TEXT,
  confirmed_at TEXT,
  documents_reviewed_at TEXT,
  collection_date TEXT,                      -- YYYY-MM-DD
  collection_slot TEXT,                      -- morning | afternoon
  collection_notes TEXT,
  collected_at TEXT,
  paid_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX sales_by_enquiry ON sales (enquiry_id, id);

-- The dealers' proxy bids: simulated when the lot is created, kept like a real auction's book.
CREATE TABLE bids (
  sale_id INTEGER NOT NULL REFERENCES sales(id),
  dealer_id INTEGER NOT NULL,
  max_amount INTEGER NOT NULL,
  placed_at INTEGER NOT NULL,
  PRIMARY KEY (sale_id, dealer_id)
);
