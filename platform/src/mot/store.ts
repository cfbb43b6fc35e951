/** Which reminder of an MOT's due date: a month before, or a week before. */
export type ReminderKind = 'month' | 'week';

/**
 * The MOT wing's storage (docs/decisions/033): who asked for a vehicle's MOT reminders (one row per
 * vehicle and address, confirmed by the e-mailed link or waiting for it) and which reminders each
 * has been sent for each due date.
 */

/** A sign-up as asking again for it reads it. */
export interface SignUpRow {
  id: number;
  created_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  confirm_sent_at: string | null;
  confirm_sends: number;
}

/** The sign-up of this address for this vehicle, or null. */
export async function findSignUp(db: D1Database, vrm: string, email: string): Promise<SignUpRow | null> {
  return db
    .prepare(
      'SELECT id, created_at, confirmed_at, unsubscribed_at, confirm_sent_at, confirm_sends FROM mot_reminders WHERE vrm = ?1 AND email = ?2',
    )
    .bind(vrm, email)
    .first<SignUpRow>();
}

/** How many other vehicles this address waits to confirm, counting confirmations sent after `since`. */
export async function pendingSignUpsElsewhere(db: D1Database, email: string, vrm: string, since: string): Promise<number> {
  const row = await db
    .prepare('SELECT count(*) AS n FROM mot_reminders WHERE email = ?1 AND vrm <> ?2 AND confirmed_at IS NULL AND confirm_sent_at > ?3')
    .bind(email, vrm, since)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** A new sign-up whose first confirmation goes now: its id, or null when a racing request made it first. */
export async function createSignUp(
  db: D1Database,
  signUp: { vrm: string; email: string; mobile: string | null },
  at: string,
): Promise<number | null> {
  const row = await db
    .prepare(
      `INSERT INTO mot_reminders (vrm, email, mobile, created_at, confirm_sent_at, confirm_sends) VALUES (?1, ?2, ?3, ?4, ?4, 1)
       ON CONFLICT (vrm, email) DO NOTHING RETURNING id`,
    )
    .bind(signUp.vrm, signUp.email, signUp.mobile, at)
    .first<{ id: number }>();
  return row?.id ?? null;
}

/**
 * Another confirmation for a sign-up, which waits for it again whatever it was: its id, or null
 * when the row is no longer as it was read (another request sent one first).
 */
export async function resendConfirmation(
  db: D1Database,
  read: Pick<SignUpRow, 'id' | 'confirm_sent_at' | 'confirmed_at'>,
  change: { mobile: string | null; at: string; sends: number },
): Promise<number | null> {
  const row = await db
    .prepare(
      `UPDATE mot_reminders SET mobile = coalesce(?3, mobile), confirmed_at = NULL, confirm_token_hash = NULL,
         confirm_sent_at = ?4, confirm_sends = ?5
       WHERE id = ?1 AND confirm_sent_at IS ?2 AND confirmed_at IS ?6 RETURNING id`,
    )
    .bind(read.id, read.confirm_sent_at, change.mobile, change.at, change.sends, read.confirmed_at)
    .first<{ id: number }>();
  return row?.id ?? null;
}

/** Keeps the hash of the sign-up's newest confirmation link: only that one works. */
export async function setConfirmationLink(db: D1Database, id: number, tokenHash: string): Promise<void> {
  await db.prepare('UPDATE mot_reminders SET confirm_token_hash = ?2 WHERE id = ?1').bind(id, tokenHash).run();
}

/**
 * Confirms the sign-up whose newest link this is, if it has not lapsed (its confirmation went
 * after `lapsedBefore`), and forgets the link in the same statement, so it works once: the
 * sign-up, or null.
 */
export async function confirmSignUp(
  db: D1Database,
  link: { id: number; vrm: string; tokenHash: string },
  at: string,
  lapsedBefore: string,
): Promise<{ id: number; vrm: string; email: string } | null> {
  return db
    .prepare(
      `UPDATE mot_reminders SET confirmed_at = ?3, unsubscribed_at = NULL, confirm_token_hash = NULL, confirm_sends = 0
       WHERE id = ?1 AND vrm = ?2 AND confirm_token_hash = ?4 AND confirmed_at IS NULL AND confirm_sent_at > ?5
       RETURNING id, vrm, email`,
    )
    .bind(link.id, link.vrm, at, link.tokenHash, lapsedBefore)
    .first<{ id: number; vrm: string; email: string }>();
}

/** The reminders a sign-up has been sent for one due date. */
export async function remindersSent(db: D1Database, reminderId: number, dueDate: string): Promise<Set<ReminderKind>> {
  const { results } = await db
    .prepare('SELECT kind FROM mot_reminders_sent WHERE reminder_id = ?1 AND due_date = ?2')
    .bind(reminderId, dueDate)
    .all<{ kind: ReminderKind }>();
  return new Set(results.map((r) => r.kind));
}

/** Claims a reminder before its e-mail goes: false when another run claimed it first. */
export async function claimReminder(db: D1Database, reminderId: number, dueDate: string, kind: ReminderKind, at: string): Promise<boolean> {
  const claimed = await db
    .prepare('INSERT OR IGNORE INTO mot_reminders_sent (reminder_id, due_date, kind, sent_at) VALUES (?1, ?2, ?3, ?4) RETURNING kind')
    .bind(reminderId, dueDate, kind, at)
    .first();
  return !!claimed;
}

/**
 * Deletes the sign-ups whose last confirmation went at `cutoff` or before without being pressed,
 * with whatever reminders they were sent (old sign-ups from before opt-in): how many went.
 */
export async function deleteLapsedSignUps(db: D1Database, cutoff: string): Promise<number> {
  const lapsed = 'SELECT id FROM mot_reminders WHERE confirmed_at IS NULL AND coalesce(confirm_sent_at, created_at) <= ?1';
  const [, deleted] = await db.batch([
    db.prepare(`DELETE FROM mot_reminders_sent WHERE reminder_id IN (${lapsed})`).bind(cutoff),
    db.prepare(`DELETE FROM mot_reminders WHERE id IN (${lapsed})`).bind(cutoff),
  ]);
  return deleted!.meta.changes ?? 0;
}

/** A confirmed sign-up that was not stopped, as the scheduled run reads it. */
export interface ReminderRow {
  id: number;
  vrm: string;
  email: string;
}

/** The next page of confirmed sign-ups that were not stopped, in id order after `after`. */
export async function activeSignUps(db: D1Database, after: number, limit: number): Promise<ReminderRow[]> {
  const { results } = await db
    .prepare(
      'SELECT id, vrm, email FROM mot_reminders WHERE confirmed_at IS NOT NULL AND unsubscribed_at IS NULL AND id > ?1 ORDER BY id LIMIT ?2',
    )
    .bind(after, limit)
    .all<ReminderRow>();
  return results;
}
