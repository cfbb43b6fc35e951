-- Negative equity: when the finance settlement is more than the sale price, the seller sends the
-- difference before collection. When they say they have sent it, and when it arrives.
ALTER TABLE sales ADD COLUMN funds_declared_at TEXT;
ALTER TABLE sales ADD COLUMN funds_received_at TEXT;
