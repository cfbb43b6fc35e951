import { analyseMot } from '../../../contract/mot';
import { formatVrm } from '../../../contract/vrm';
import type { PlatformEnv } from '../env';
import { findRegistered, makeOf, toMotHistory } from '../providers/register';
import { unsubscribeLink } from '../unsubscribe';
import { requirePublicOrigin } from '../public-origin';
import { sendEmail } from '../outbox';
import { type ReminderKind, activeSignUps, claimReminder, deleteLapsedSignUps, remindersSent, type ReminderRow } from './store';

/**
 * When MOT reminders go. The first on the day the early-test window opens: an MOT can be done up to
 * a month (minus a day) before it runs out and keep the renewal date, so from then on booking loses
 * nothing. The second a week before, for anyone who has not booked yet. Nothing once it has run out.
 * A seller who signs up inside the last week gets only the second.
 */
export type { ReminderKind };
export const WEEK_REMINDER_DAYS = 7;

const DAY_MS = 86_400_000;
const dateOnly = (now: Date) => now.toISOString().slice(0, 10);
const addDays = (isoDate: string, days: number) => new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The first day of the early-test window: one calendar month before the due date, plus a day. */
export function earlyWindowOpens(dueDate: string): string {
  const [y, m, d] = dueDate.split('-').map(Number) as [number, number, number];
  const monthBefore = new Date(Date.UTC(y, m - 2, d));
  // 31 March → 1 March would overshoot February: the month before ends on its last day.
  if (monthBefore.getUTCMonth() !== (m + 10) % 12) monthBefore.setUTCDate(0);
  return addDays(monthBefore.toISOString().slice(0, 10), 1);
}

/** The reminder due on `now` for a due date, given the kinds already sent for that due date. */
export function reminderDue(dueDate: string, now: Date, sent: ReadonlySet<ReminderKind>): ReminderKind | null {
  const today = dateOnly(now);
  if (today > dueDate) return null;
  if (today >= addDays(dueDate, -WEEK_REMINDER_DAYS)) return sent.has('week') ? null : 'week';
  if (today >= earlyWindowOpens(dueDate)) return sent.has('month') ? null : 'month';
  return null;
}

/** The date the next reminder will go (today when one is due now), or null when none will. */
export function nextReminderDate(dueDate: string, now: Date, sent: ReadonlySet<ReminderKind> = new Set()): string | null {
  const today = dateOnly(now);
  if (reminderDue(dueDate, now, sent)) return today;
  if (today > dueDate) return null;
  const candidates = [earlyWindowOpens(dueDate), addDays(dueDate, -WEEK_REMINDER_DAYS)].filter((d) => d > today);
  const later = candidates.find((d) => reminderDue(dueDate, new Date(`${d}T12:00:00Z`), sent));
  return later ?? null;
}

/**
 * Double opt-in (PECR): signing an address up sends one confirmation e-mail, and nothing else goes
 * to it until its link is pressed. Whoever fills in the form, the address hears at most a few
 * confirmations and then nothing: a stranger cannot use the form to mail someone.
 */
/** A confirmation link works for 7 days; a sign-up not confirmed by then lapses. */
export const CONFIRM_LINK_DAYS = 7;
/** Asking again for the same address and vehicle sends another confirmation only after this. */
export const CONFIRM_RESEND_MS = 10 * 60_000;
/** Confirmations one pending sign-up can send before it lapses, however often it is asked for. */
export const MAX_CONFIRMATIONS_PER_SIGN_UP = 3;
/** Vehicles one address can have waiting for confirmation at once. */
export const MAX_PENDING_PER_ADDRESS = 5;

export interface SignUpState {
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  /** When the current confirmation e-mail went (null: none yet, as for sign-ups from before opt-in). */
  confirmSentAt: string | null;
  /** Confirmations sent for this pending sign-up. */
  confirmSends: number;
}

/** Reminders go only to a sign-up that was confirmed and not stopped since. */
export const remindersGo = (state: SignUpState): boolean => state.confirmedAt !== null && state.unsubscribedAt === null;

/** A pending sign-up whose last confirmation went before this instant has lapsed. */
export const lapseCutoff = (now: Date): string => new Date(now.getTime() - CONFIRM_LINK_DAYS * DAY_MS).toISOString();

export function hasLapsed(state: SignUpState, now: Date): boolean {
  return state.confirmedAt === null && Date.parse(state.confirmSentAt ?? state.createdAt) <= Date.parse(lapseCutoff(now));
}

/**
 * What asking for reminders does. `fresh`: a new sign-up (or one that lapsed or was stopped), whose
 * count of confirmations starts again. The caller answers the same whatever this says, so the form
 * never tells anyone whether an address was signed up already.
 */
export type SignUpDecision = { send: true; fresh: boolean } | { send: false; why: 'already-on' | 'too-soon' | 'too-many' };

export function onSignUpRequest(existing: SignUpState | null, pendingForOtherVehicles: number, now: Date): SignUpDecision {
  if (existing && remindersGo(existing)) return { send: false, why: 'already-on' };
  if (existing && existing.confirmedAt === null && !hasLapsed(existing, now)) {
    if (existing.confirmSentAt && now.getTime() - Date.parse(existing.confirmSentAt) < CONFIRM_RESEND_MS)
      return { send: false, why: 'too-soon' };
    if (existing.confirmSends >= MAX_CONFIRMATIONS_PER_SIGN_UP) return { send: false, why: 'too-many' };
    return { send: true, fresh: false };
  }
  if (pendingForOtherVehicles >= MAX_PENDING_PER_ADDRESS) return { send: false, why: 'too-many' };
  return { send: true, fresh: true };
}

/**
 * Deletes the pending sign-ups that lapsed (with the reminders an old, unconfirmed sign-up was sent
 * before opt-in), so an address nobody confirmed is not kept.
 */
export async function lapseUnconfirmedSignUps(env: PlatformEnv, now: Date): Promise<number> {
  return deleteLapsedSignUps(env.DB, lapseCutoff(now));
}

const BATCH = 200;

/**
 * The scheduled run (a Cron Trigger in production; the development switch or a test locally): drop
 * the sign-ups that lapsed unconfirmed, then for each confirmed one that was not stopped, read the
 * vehicle's due date from the register and e-mail the reminder that is due. A reminder is claimed in `mot_reminders_sent` before its e-mail is written, so two runs
 * that overlap cannot both send it.
 */
export async function sendDueMotReminders(env: PlatformEnv, now: Date): Promise<{ lapsed: number; checked: number; sent: number }> {
  const lapsed = await lapseUnconfirmedSignUps(env, now);
  let checked = 0;
  let sent = 0;
  let after = 0;
  for (;;) {
    const results = await activeSignUps(env.DB, after, BATCH);
    for (const reminder of results) {
      checked += 1;
      if (await sendOne(env, reminder, now)) sent += 1;
    }
    if (results.length < BATCH) break;
    after = results.at(-1)!.id;
  }
  return { lapsed, checked, sent };
}

async function sendOne(env: PlatformEnv, reminder: ReminderRow, now: Date): Promise<boolean> {
  const registered = await findRegistered(env.DB, reminder.vrm);
  if (!registered) return false;
  const history = toMotHistory(registered.row, registered.tests);
  const mot = analyseMot({ firstUsedDate: history.firstUsedDate }, history.motTests, now);
  if (!mot.remindable || !mot.dueDate) return false;
  const kind = reminderDue(mot.dueDate, now, await remindersSent(env.DB, reminder.id, mot.dueDate));
  if (!kind) return false;
  if (!(await claimReminder(env.DB, reminder.id, mot.dueDate, kind, now.toISOString()))) return false;

  const vrm = formatVrm(reminder.vrm);
  const car = `${makeOf(registered.row.make).display_name} ${registered.row.model}`;
  const when = new Date(`${mot.dueDate}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const first = mot.status === 'not-due-yet';
  const resultsPage = `${requirePublicOrigin(env)}/mot-check/results?vrm=${encodeURIComponent(reminder.vrm)}`;
  const subject = kind === 'week' ? `${vrm}: MOT due in a week` : `${vrm}: MOT due next month`;
  const body = [
    'Hello,',
    '',
    first ? `Your ${car} (${vrm}) needs its first MOT by ${when}.` : `The MOT of your ${car} (${vrm}) runs out on ${when}.`,
    kind === 'month'
      ? 'You can get an MOT up to a month (minus a day) before it runs out and keep the same renewal date, so now is a good time to book.'
      : 'If you have not booked it yet, now is the time.',
    '',
    `Its MOT history: ${resultsPage}`,
    '',
    `No more MOT reminders for ${vrm}: ${await unsubscribeLink(env, reminder.id, 'mot')}`,
  ].join('\n');
  // Through the configured provider like every other e-mail (reminders once went straight into the development outbox).
  await sendEmail(env, reminder.email, subject, body, resultsPage);
  return true;
}
