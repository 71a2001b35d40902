import { describe, expect, it } from 'vitest';

import { addDays, daysBetween, inYear, localDate, startOfDay } from './calendarDays';
import { decideReminder, nextOccurrence, occurrencesBetween } from './occurrences';

const yearly = (date: string, remindDaysBefore: number[] = [30, 7]) => ({
  date,
  repeatsYearly: true,
  remindDaysBefore,
});

describe('occurrences', () => {
  it('a 29 February occasion falls on 28 February in other years, and on the 29th in leap years', () => {
    expect(inYear('2024-02-29', 2027)).toBe('2027-02-28');
    expect(inYear('2024-02-29', 2028)).toBe('2028-02-29');
    expect(occurrencesBetween(yearly('2024-02-29'), '2026-01-01', '2028-12-31')).toEqual([
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ]);
  });

  it('the next occurrence is today, later this year, or next year; a one-off date only once', () => {
    expect(nextOccurrence(yearly('1950-03-14'), '2030-03-14')).toBe('2030-03-14');
    expect(nextOccurrence(yearly('1950-03-14'), '2030-03-15')).toBe('2031-03-14');
    expect(nextOccurrence(yearly('2032-06-01'), '2030-01-01')).toBe('2032-06-01');
    const once = { date: '2030-05-01', repeatsYearly: false, remindDaysBefore: [7] };
    expect(nextOccurrence(once, '2030-05-01')).toBe('2030-05-01');
    expect(nextOccurrence(once, '2030-05-02')).toBeNull();
  });

  it('a 3 January occasion with a 7-day reminder is due on 27 December of the year before', () => {
    const o = yearly('1980-01-03', [7]);
    expect(decideReminder(o, '2030-12-26')).toEqual({ due: null, nextDueDay: '2030-12-27' });
    expect(decideReminder(o, '2030-12-27')).toEqual({
      due: { occurrence: '2031-01-03', daysBefore: 7 },
      nextDueDay: '2031-12-27',
    });
  });

  it('of the reminders of one occurrence already due, only the nearest is sent', () => {
    // Four days before: the 30-day and the 7-day reminders are both due (the server was down); only the 7-day one goes.
    expect(decideReminder(yearly('1980-01-03'), '2030-12-30')).toEqual({
      due: { occurrence: '2031-01-03', daysBefore: 7 },
      nextDueDay: '2031-12-04',
    });
    // Between the two: the 30-day one is due, the next check is the 7-day one's day.
    expect(decideReminder(yearly('1980-01-03'), '2030-12-10')).toEqual({
      due: { occurrence: '2031-01-03', daysBefore: 30 },
      nextDueDay: '2030-12-27',
    });
  });

  it('a reminder on the day itself, and no reminders at all', () => {
    expect(decideReminder(yearly('1980-06-01', [0]), '2030-06-01').due).toEqual({
      occurrence: '2030-06-01',
      daysBefore: 0,
    });
    expect(decideReminder(yearly('1980-06-01', []), '2030-06-01')).toEqual({ due: null, nextDueDay: null });
    const past = { date: '2030-01-01', repeatsYearly: false, remindDaysBefore: [7] };
    expect(decideReminder(past, '2030-01-02')).toEqual({ due: null, nextDueDay: null });
  });
});

describe('days in a time zone', () => {
  it('the date at one instant differs across UTC midnight by zone', () => {
    const at = new Date('2030-12-26T23:30:00Z');
    expect(localDate(at, 'UTC')).toBe('2030-12-26');
    expect(localDate(at, 'Pacific/Auckland')).toBe('2030-12-27');
    expect(localDate(new Date('2030-12-27T03:00:00Z'), 'America/Los_Angeles')).toBe('2030-12-26');
  });

  it("a day's start is its local midnight, across DST changes", () => {
    expect(startOfDay('2030-03-09', 'America/New_York').toISOString()).toBe('2030-03-09T05:00:00.000Z');
    // Clocks go forward on 10 March 2030 at 02:00: midnight is still EST, the next day starts in EDT.
    expect(startOfDay('2030-03-10', 'America/New_York').toISOString()).toBe('2030-03-10T05:00:00.000Z');
    expect(startOfDay('2030-03-11', 'America/New_York').toISOString()).toBe('2030-03-11T04:00:00.000Z');
    expect(startOfDay('2030-10-27', 'Europe/London').toISOString()).toBe('2030-10-26T23:00:00.000Z');
    expect(startOfDay('2030-10-28', 'Europe/London').toISOString()).toBe('2030-10-28T00:00:00.000Z');
    expect(startOfDay('2030-12-27', 'Pacific/Auckland').toISOString()).toBe('2030-12-26T11:00:00.000Z');
  });

  it('a day whose midnight a clock change skips starts at its first moment', () => {
    // Chile moves its clocks forward at 00:00 on the first Saturday of September (2030-09-07): 00:00 to 01:00.
    const start = startOfDay('2030-09-07', 'America/Santiago');
    expect(localDate(start, 'America/Santiago')).toBe('2030-09-07');
    expect(localDate(new Date(start.getTime() - 1000), 'America/Santiago')).toBe('2030-09-06');
  });

  it('adds and counts calendar days', () => {
    expect(addDays('2030-12-27', 7)).toBe('2031-01-03');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(daysBetween('2030-12-27', '2031-01-03')).toBe(7);
  });
});
