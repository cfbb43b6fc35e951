-- The SMS provider's webhook messages already acted on (platform/src/notify/sms-replies.ts): a
-- signed reply is taken once, so a captured one cannot be replayed inside its five minutes. A
-- message older than that is refused by its timestamp alone, so the daily Cron Trigger forgets ids
-- a day old.
CREATE TABLE sms_webhook_messages (
  id TEXT PRIMARY KEY,            -- the provider's webhook-id
  signed_at TEXT NOT NULL,        -- its webhook-timestamp, as ISO
  received_at TEXT NOT NULL
);
CREATE INDEX sms_webhook_messages_by_signed_at ON sms_webhook_messages (signed_at);
