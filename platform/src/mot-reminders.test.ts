import { describe, expect, it } from 'vitest';
import { earlyWindowOpens, nextReminderDate, reminderDue } from './mot-reminders';

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
