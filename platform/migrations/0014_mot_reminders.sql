-- MOT reminders (docs/behaviour/entry.md#calls POST /vehicle-checker/{x}/mot/notifications): who asked to be told
-- before a vehicle's MOT runs out, and which reminders went, so none is ever sent twice. The due
-- date is read from the register on every run, so a new certificate moves the reminders with it.
CREATE TABLE mot_reminders (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  vrm TEXT NOT NULL,                         -- normalised: upper case, no spaces
  email TEXT NOT NULL COLLATE NOCASE,
  mobile TEXT,                               -- E.164, optional
  link_base TEXT NOT NULL,                   -- the app origin links in the e-mails point at
  created_at TEXT NOT NULL,
  unsubscribed_at TEXT,
  UNIQUE (vrm, email)
);

-- One row per reminder sent: the due date it was about and which of the two it was.
CREATE TABLE mot_reminders_sent (
  reminder_id INTEGER NOT NULL REFERENCES mot_reminders(id),
  due_date TEXT NOT NULL,                    -- YYYY-MM-DD the reminder was about
  kind TEXT NOT NULL,                        -- month | week
  sent_at TEXT NOT NULL,
  PRIMARY KEY (reminder_id, due_date, kind)
);
