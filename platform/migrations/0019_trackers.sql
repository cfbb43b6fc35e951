-- The car value tracker (userVehicleTracker with trackerValuations: docs/behaviour/data.md#tracker-data). A tracker belongs
-- to a signed-in seller (customer:{id}) or, until they sign in, to a visitor's browser
-- (requester:{id}); one valuation a month per tracker.
CREATE TABLE trackers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  owner_key TEXT NOT NULL,
  vrm TEXT NOT NULL,
  -- The car's own use, from the mileage the seller gave and its age: past months are valued with
  -- the mileage scaled back by it, coming months with the mileage carried forward.
  miles_per_month REAL NOT NULL,
  -- The app's origin the seller used, for the links in value e-mails (checked when stored).
  link_base TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (owner_key, vrm)
);

CREATE TABLE tracker_valuations (
  tracker_id INTEGER NOT NULL REFERENCES trackers(id) ON DELETE CASCADE,
  month TEXT NOT NULL,                       -- YYYY-MM
  valued_at TEXT NOT NULL,
  mileage INTEGER NOT NULL,
  price INTEGER NOT NULL,
  low INTEGER NOT NULL,
  high INTEGER NOT NULL,
  source TEXT NOT NULL,                      -- entered | derived | monthly
  PRIMARY KEY (tracker_id, month)
);
