-- Messages about a seller's own sale (platform/src/notify/), delivered through a queue.

-- A text's STOP: /unsubscribe/sms stops every text at once (service ones too); e-mails go on.
ALTER TABLE users ADD COLUMN sms_stopped_at TEXT;

-- The outbox holds texts as well as e-mails: `channel` says which; a text's number is `to_phone`
-- (E.164) and its `to_email` is empty.
ALTER TABLE outbox ADD COLUMN channel TEXT NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'sms'));
ALTER TABLE outbox ADD COLUMN to_phone TEXT;

-- Once-only delivery: one row per (event, enquiry, channel), claimed before the provider is called
-- and marked sent after. `event_key` names one occurrence ('sale_started#12': sale 12's start).
CREATE TABLE notification_deliveries (
  event_key TEXT NOT NULL,
  enquiry_id INTEGER NOT NULL,
  channel TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
  status TEXT NOT NULL CHECK (status IN ('sending', 'sent', 'failed', 'skipped')),
  attempts INTEGER NOT NULL,
  claimed_at INTEGER NOT NULL,   -- ms on the platform's clock: a 'sending' claim older than the lease is taken over
  sent_at TEXT,
  last_error TEXT,
  PRIMARY KEY (event_key, enquiry_id, channel)
);

-- Messages the queue gave up on after its retries (the dead-letter queue's consumer writes them).
CREATE TABLE notification_failures (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  event_key TEXT NOT NULL,
  enquiry_id INTEGER NOT NULL,
  message TEXT NOT NULL,          -- the queue message, as JSON (each channel's last error is in notification_deliveries)
  failed_at TEXT NOT NULL
);
