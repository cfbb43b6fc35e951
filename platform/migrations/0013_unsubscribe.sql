-- Texts about offers and news can be stopped separately from e-mails (docs/behaviour/routes.md#public-routes /unsubscribe/sms).
ALTER TABLE users ADD COLUMN sms_marketing INTEGER NOT NULL DEFAULT 1;
