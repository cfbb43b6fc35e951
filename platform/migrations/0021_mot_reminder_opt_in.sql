-- MOT reminders by double opt-in (PECR): a sign-up sends one confirmation e-mail and nothing else
-- goes to that address until its link is pressed. Until then the sign-up is pending; one that is
-- not confirmed within 7 days of its last confirmation e-mail lapses (the scheduled run deletes it).
-- Sign-ups made before this change were never confirmed by anyone, so they are pending too and
-- lapse: nobody consented to them.
ALTER TABLE mot_reminders ADD COLUMN confirmed_at TEXT;
-- SHA-256 of the one confirmation link that works now; cleared when it is used.
ALTER TABLE mot_reminders ADD COLUMN confirm_token_hash TEXT;
-- When the current confirmation e-mail went, and how many went for this pending sign-up.
ALTER TABLE mot_reminders ADD COLUMN confirm_sent_at TEXT;
ALTER TABLE mot_reminders ADD COLUMN confirm_sends INTEGER NOT NULL DEFAULT 0;
CREATE INDEX mot_reminders_pending ON mot_reminders (email, confirm_sent_at) WHERE confirmed_at IS NULL;
