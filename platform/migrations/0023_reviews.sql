-- Sellers' reviews of the service (docs/behaviour/data.md#reviews). The figures pages show, how
-- many reviews there are and their average rating, are computed from this table when asked
-- (platform/src/shell/reviews.ts), so they can never drift from the reviews listed. The table
-- starts empty: the sample reviews a local or test database shows are the seed's
-- (platform/seed/sample-reviews.sql), never a deployment's.
CREATE TABLE reviews (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  author TEXT NOT NULL,
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL
);
-- Pages list the newest first.
CREATE INDEX reviews_newest ON reviews (created_at DESC, id DESC);
