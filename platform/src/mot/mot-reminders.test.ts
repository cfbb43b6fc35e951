import { describe, expect, it } from 'vitest';
import {
  CONFIRM_RESEND_MS,
  earlyWindowOpens,
  hasLapsed,
  lapseCutoff,
  MAX_CONFIRMATIONS_PER_SIGN_UP,
  MAX_PENDING_PER_ADDRESS,
  nextReminderDate,
  onSignUpRequest,
  reminderDue,
  remindersGo,
  type SignUpState,
} from './mot-reminders';

const at = (date: string) => new Date(`${date}T07:00:00Z`);
const none = new Set<'month' | 'week'>();

describe('MOT reminder timing', () => {
  it('opens the early-test window a month minus a day before the MOT runs out', () => {
    expect(earlyWindowOpens('2027-05-15')).toBe('2027-04-16');
    expect(earlyWindowOpens('2026-12-01')).toBe('2026-11-02');
    // No 31 February: the window opens the day after the month before ends.
    expect(earlyWindowOpens('2027-03-31')).toBe('2027-03-01');
    expect(earlyWindowOpens('2027-01-10')).toBe('2026-12-11');
  });

  it('sends the first reminder when the window opens, the second a week before, nothing after', () => {
    const due = '2027-05-15';
    expect(reminderDue(due, at('2027-04-15'), none)).toBeNull();
    expect(reminderDue(due, at('2027-04-16'), none)).toBe('month');
    expect(reminderDue(due, at('2027-05-07'), new Set(['month']))).toBeNull();
    expect(reminderDue(due, at('2027-05-08'), new Set(['month']))).toBe('week');
    expect(reminderDue(due, at('2027-05-15'), new Set(['month']))).toBe('week');
    expect(reminderDue(due, at('2027-05-16'), none)).toBeNull();
  });

  it('never sends one twice, and in the last week sends only the second', () => {
    const due = '2027-05-15';
    expect(reminderDue(due, at('2027-04-20'), new Set(['month']))).toBeNull();
    expect(reminderDue(due, at('2027-05-10'), new Set(['week']))).toBeNull();
    expect(reminderDue(due, at('2027-05-10'), none)).toBe('week');
  });

  it('tells a seller when the next reminder will go', () => {
    const due = '2027-05-15';
    expect(nextReminderDate(due, at('2027-01-02'))).toBe('2027-04-16');
    expect(nextReminderDate(due, at('2027-04-20'))).toBe('2027-04-20');
    expect(nextReminderDate(due, at('2027-04-20'), new Set(['month']))).toBe('2027-05-08');
    expect(nextReminderDate(due, at('2027-05-12'), new Set(['week']))).toBeNull();
    expect(nextReminderDate(due, at('2027-06-01'))).toBeNull();
  });
});

describe('MOT reminder sign-ups (double opt-in)', () => {
  const now = new Date('2027-04-10T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const DAY = 86_400_000;
  const pending = (sentAgoMs: number, sends = 1): SignUpState => ({
    createdAt: ago(sentAgoMs),
    confirmedAt: null,
    unsubscribedAt: null,
    confirmSentAt: ago(sentAgoMs),
    confirmSends: sends,
  });
  const confirmed: SignUpState = {
    createdAt: ago(30 * DAY),
    confirmedAt: ago(29 * DAY),
    unsubscribedAt: null,
    confirmSentAt: ago(30 * DAY),
    confirmSends: 0,
  };

  it('sends reminders only to a confirmed sign-up that was not stopped', () => {
    expect(remindersGo(pending(60_000))).toBe(false);
    expect(remindersGo(confirmed)).toBe(true);
    expect(remindersGo({ ...confirmed, unsubscribedAt: ago(DAY) })).toBe(false);
  });

  it('sends one confirmation for a new address, and another for the same pair only after ten minutes', () => {
    expect(onSignUpRequest(null, 0, now)).toEqual({ send: true, fresh: true });
    expect(onSignUpRequest(pending(60_000), 0, now)).toEqual({ send: false, why: 'too-soon' });
    expect(onSignUpRequest(pending(CONFIRM_RESEND_MS - 1), 0, now)).toEqual({ send: false, why: 'too-soon' });
    expect(onSignUpRequest(pending(CONFIRM_RESEND_MS), 0, now)).toEqual({ send: true, fresh: false });
  });

  it('stops sending confirmations for one pending sign-up after a few, and caps the vehicles pending per address', () => {
    expect(onSignUpRequest(pending(DAY, MAX_CONFIRMATIONS_PER_SIGN_UP - 1), 0, now)).toEqual({ send: true, fresh: false });
    expect(onSignUpRequest(pending(DAY, MAX_CONFIRMATIONS_PER_SIGN_UP), 0, now)).toEqual({ send: false, why: 'too-many' });
    expect(onSignUpRequest(null, MAX_PENDING_PER_ADDRESS - 1, now)).toEqual({ send: true, fresh: true });
    expect(onSignUpRequest(null, MAX_PENDING_PER_ADDRESS, now)).toEqual({ send: false, why: 'too-many' });
  });

  it('sends nothing to an address whose reminders are on, and asks again after they were stopped', () => {
    expect(onSignUpRequest(confirmed, 0, now)).toEqual({ send: false, why: 'already-on' });
    expect(onSignUpRequest({ ...confirmed, unsubscribedAt: ago(DAY) }, 0, now)).toEqual({ send: true, fresh: true });
  });

  it('lapses a sign-up not confirmed within 7 days of its last confirmation, and starts afresh after', () => {
    expect(lapseCutoff(now)).toBe('2027-04-03T12:00:00.000Z');
    expect(hasLapsed(pending(7 * DAY - 1), now)).toBe(false);
    expect(hasLapsed(pending(7 * DAY), now)).toBe(true);
    expect(hasLapsed({ ...confirmed }, now)).toBe(false);
    // Sign-ups from before opt-in never had a confirmation: they lapse 7 days after they were made.
    expect(hasLapsed({ ...pending(0), confirmSentAt: null, createdAt: ago(8 * DAY) }, now)).toBe(true);
    expect(onSignUpRequest(pending(8 * DAY, MAX_CONFIRMATIONS_PER_SIGN_UP), 0, now)).toEqual({ send: true, fresh: true });
  });
});
