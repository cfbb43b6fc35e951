-- Texts about offers and news can be stopped separately from e-mails (spec 2 §2.1 /unsubscribe/sms).
ALTER TABLE users ADD COLUMN sms_marketing INTEGER NOT NULL DEFAULT 1;
