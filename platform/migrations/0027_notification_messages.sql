-- Every message the platform means to send, kept in D1 beside the state change that caused it, so
-- a message is not lost with the queue: Miniflare keeps queued messages in memory, and a queue
-- message can be dropped between enqueue and delivery. The queue carries it; this row is the
-- record. The consumer settles the row once every channel is done (or the dead-letter queue gave
-- up); the Cron Trigger enqueues again any row left unsettled past NOTIFY_REDELIVER_AFTER_SECONDS,
-- and notification_deliveries still sends each channel once.
CREATE TABLE notification_messages (
  event_key TEXT NOT NULL,
  enquiry_id INTEGER NOT NULL,
  body TEXT NOT NULL,             -- the queue message, as JSON
  enqueued_at INTEGER NOT NULL,   -- ms on the platform's clock, of the last time it was put on the queue
  enqueues INTEGER NOT NULL DEFAULT 1,
  settled_at TEXT,
  outcome TEXT CHECK (outcome IN ('delivered', 'dead')),
  PRIMARY KEY (event_key, enquiry_id)
);

CREATE INDEX notification_messages_unsettled ON notification_messages (enqueued_at) WHERE settled_at IS NULL;
