-- Finance settled for the seller (platform/src/sale/finance-settlement.ts): the seller's consent to
-- Kerbside asking their lender for a settlement figure (the words they agreed to, who and when),
-- and each figure the lender gave (its letter), with when the lender confirmed it was settled.
CREATE TABLE finance_settlement_consents (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  enquiry_id INTEGER NOT NULL REFERENCES enquiries(id),
  user_id INTEGER NOT NULL,
  lender_id TEXT NOT NULL,
  wording TEXT NOT NULL,
  consented_at TEXT NOT NULL
);
CREATE INDEX finance_settlement_consents_enquiry ON finance_settlement_consents (enquiry_id, lender_id);

CREATE TABLE finance_settlement_letters (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  enquiry_id INTEGER NOT NULL REFERENCES enquiries(id),
  consent_id INTEGER NOT NULL REFERENCES finance_settlement_consents(id),
  lender_id TEXT NOT NULL,
  amount INTEGER NOT NULL,
  -- Kept whole for the payment to the lender; shown to the seller by its last four characters only.
  agreement_reference TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  account_name TEXT NOT NULL,
  sort_code TEXT NOT NULL,
  account_number TEXT NOT NULL,
  requested_at TEXT NOT NULL,
  settled_at TEXT
);
CREATE INDEX finance_settlement_letters_enquiry ON finance_settlement_letters (enquiry_id, requested_at);
