-- Sessions end on the server (docs/sign-in-limits.md, "Sessions"): 30 days after they start, or
-- after 7 days without use. last_seen_at is when the session was last used (a refresh or an
-- authenticated call, kept to the hour so most calls write nothing); device is a short description
-- of the browser it started in ('Chrome on Android'), for the seller's list of their sessions.
-- Only the description is kept, not the whole User-Agent: it is all the list needs.
ALTER TABLE sessions ADD COLUMN last_seen_at TEXT;
ALTER TABLE sessions ADD COLUMN device TEXT;
UPDATE sessions SET last_seen_at = COALESCE(refreshed_at, created_at);
-- The seller's list, and signing out of every other session, read a user's live sessions.
CREATE INDEX sessions_by_user ON sessions (user_id, revoked_at);
