-- Where the seller wants the sale price paid: one account per enquiry (docs/behaviour/gateway.md#journey-calls, Payments).
-- The name, sort code and account number are one AES-GCM ciphertext (platform/src/sale/payments.ts,
-- key derived from PAYMENTS_KEY), so a copy of the database alone gives nobody's bank details
-- away. Only the last four digits, which the seller is shown, are kept in clear.
CREATE TABLE beneficiaries (
  enquiry_id INTEGER PRIMARY KEY REFERENCES enquiries(id),
  customer_id INTEGER NOT NULL REFERENCES users(id),
  details_iv TEXT NOT NULL,                  -- base64, 12 random bytes, new on every write
  details_ciphertext TEXT NOT NULL,          -- base64 AES-256-GCM of JSON {accountName, sortCode, accountNumber}
  last4 TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  confirmed_at TEXT,                         -- NULL until the seller confirms, and again after any change
  confirmed_by INTEGER REFERENCES users(id)
);
