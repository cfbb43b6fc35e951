-- The daily Cron Trigger deletes short links 90 days past their expiry (until then /s/{code}
-- says "expired"; after it, "not recognised"): found by expiry, not by a full scan.
CREATE INDEX short_links_by_expiry ON short_links (expires_at);
