-- The affiliate (docs/behaviour/data.md#entities, docs/behaviour/gateway.md#shell-calls POST /api/affiliates) a seller arrived through: the latest one per
-- requester (or customer), carried onto the enquiries they make.
CREATE TABLE affiliate_visits (
  owner_key TEXT PRIMARY KEY,          -- requester:{id} or customer:{id}, as enquiries.owner_key
  affiliate TEXT NOT NULL,
  visited_at TEXT NOT NULL
);
ALTER TABLE enquiries ADD COLUMN affiliate TEXT;
