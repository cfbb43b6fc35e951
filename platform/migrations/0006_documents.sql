-- The seller's documents (logbook, licence, settlement letter...) and the guided vehicle photos.
-- The files live in R2 (binding DOCUMENTS); these rows say whose they are and what they are.
CREATE TABLE documents (
  id TEXT PRIMARY KEY,                       -- random UUID, also the last part of the R2 key
  enquiry_id INTEGER NOT NULL REFERENCES enquiries(id),
  kind TEXT NOT NULL,                        -- contract/documents.ts DOCUMENT_KINDS
  r2_key TEXT NOT NULL UNIQUE,               -- documents/{enquiryId}/{kind}/{id}
  content_type TEXT NOT NULL,                -- sniffed from the bytes, never the declared type
  size INTEGER NOT NULL,
  original_name TEXT,
  sharpness REAL,                            -- measureSharpness score, NULL for PDFs and unmeasured formats
  uploaded_at TEXT NOT NULL,
  submitted_at TEXT,                         -- sent for checking (markAsSubmitted)
  deleted_at TEXT                            -- the seller removed it: the R2 object is gone, the row stays as history
);
CREATE INDEX documents_by_enquiry ON documents (enquiry_id, kind, uploaded_at);

-- One photo per guided slot: a new upload replaces the row and the old R2 object is deleted.
CREATE TABLE vehicle_photos (
  enquiry_id INTEGER NOT NULL REFERENCES enquiries(id),
  slot TEXT NOT NULL,                        -- contract/documents.ts PHOTO_SLOTS
  r2_key TEXT NOT NULL,                      -- photos/{enquiryId}/{slot}/{uuid}
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  sharpness REAL,
  uploaded_at TEXT NOT NULL,
  PRIMARY KEY (enquiry_id, slot)
);
