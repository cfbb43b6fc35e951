-- Collection day (docs/decisions/035): the handover inspection recorded check by check, a revised
-- offer only by the published tariff (contract/price-rules.ts), the price the sale completed at,
-- and the trader telling DVLA. The sales record these leave is what the dealer's record on the
-- offer page and the valuation's published accuracy are counted from.

-- What the sale completed at: the agreed price, or the revised one the seller approved.
ALTER TABLE sales ADD COLUMN final_amount INTEGER;
-- When the dealer's inspector finished the handover inspection (collection day).
ALTER TABLE sales ADD COLUMN inspected_at TEXT;
-- The sale ended without the car changing hands (the seller declined a revised offer, or the
-- dealer cancelled above the cap): the car stays with the seller, who may enter a sale again.
ALTER TABLE sales ADD COLUMN ended_at TEXT;
ALTER TABLE sales ADD COLUMN ended_reason TEXT;                 -- revised_offer_declined | dealer_cancelled
-- The trader told DVLA (V5C/3); the seller sees the V5C reference's last four digits only.
ALTER TABLE sales ADD COLUMN dvla_notified_at TEXT;
ALTER TABLE sales ADD COLUMN dvla_reference_last4 TEXT;
-- When the seller was e-mailed the dealer's final confirmation (sent once).
ALTER TABLE sales ADD COLUMN final_confirmation_sent_at TEXT;
-- The valuation's range when the lot was made: the published accuracy counts sales inside it.
ALTER TABLE sales ADD COLUMN valuation_low INTEGER;
ALTER TABLE sales ADD COLUMN valuation_high INTEGER;

-- The handover inspection, one row per check (the spec's verifications): what the inspector found
-- against the profile. `result` is as_described or differs.
CREATE TABLE verifications (
  sale_id INTEGER NOT NULL REFERENCES sales(id),
  enquiry_id INTEGER NOT NULL REFERENCES enquiries(id),
  check_id TEXT NOT NULL,                    -- features | service-history | damage | faults | keys | photos | mileage
  result TEXT NOT NULL,                      -- as_described | differs
  detail TEXT NOT NULL,
  recorded_at TEXT NOT NULL,
  PRIMARY KEY (sale_id, check_id)
);

-- A dealer's proposal to pay less after the inspection, item by item from the tariff. The items the
-- rules refused are kept beside it (the seller sees them), never counted.
CREATE TABLE post_sale_offers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  sale_id INTEGER NOT NULL UNIQUE REFERENCES sales(id),
  enquiry_id INTEGER NOT NULL REFERENCES enquiries(id),
  dealer_id INTEGER NOT NULL,
  agreed_amount INTEGER NOT NULL,
  proposed_amount INTEGER NOT NULL,
  items TEXT NOT NULL,                       -- JSON: the accepted items, each with its tariff line and photos
  refused TEXT NOT NULL,                     -- JSON: the items the rules refused, each with the rule
  status TEXT NOT NULL,                      -- proposed | approved | declined
  created_at TEXT NOT NULL,
  decided_at TEXT
);
CREATE INDEX post_sale_offers_by_enquiry ON post_sale_offers (enquiry_id, id);

-- The photos the inspector took at the handover (bytes in R2 under `key`).
CREATE TABLE collection_photos (
  sale_id INTEGER NOT NULL REFERENCES sales(id),
  slot TEXT NOT NULL,
  key TEXT NOT NULL,
  content_type TEXT NOT NULL,
  taken_at TEXT NOT NULL,
  PRIMARY KEY (sale_id, slot)
);

-- The valuation's accuracy, month by month, as the Cron Trigger last counted it from the sales record.
CREATE TABLE valuation_accuracy (
  month TEXT PRIMARY KEY,                    -- YYYY-MM, the month the sales completed in
  sales INTEGER NOT NULL,
  median_abs_pct REAL,                       -- median of |final - valuation| / final, in per cent
  inside_range_share REAL,                   -- share (0..1) of sales whose final price was inside the range shown
  computed_at TEXT NOT NULL
);
