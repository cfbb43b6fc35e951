-- The buying dealer's document check asking the seller for a document (again): today, when every
-- submitted file of a kind is too blurred to read. Open while `fulfilled_at` is empty; the check
-- fulfils it once a readable file of that kind has been submitted.
CREATE TABLE document_requests (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  enquiry_id INTEGER NOT NULL,
  kind TEXT NOT NULL,              -- contract/documents.ts DOCUMENT_KINDS
  reason TEXT NOT NULL,            -- shown to the seller as written
  requested_at TEXT NOT NULL,
  fulfilled_at TEXT
);

CREATE INDEX document_requests_open ON document_requests (enquiry_id, kind) WHERE fulfilled_at IS NULL;
