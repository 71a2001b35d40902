import { describe, expect, it } from 'vitest';

import { calendarLabels } from './calendarLabels';

const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', options);
const INTL: Record<keyof typeof calendarLabels, Intl.DateTimeFormat> = {
  formatDay: intl({ day: 'numeric' }),
  formatLongDate: intl({ day: 'numeric', month: 'long', year: 'numeric' }),
  formatMonth: intl({ month: 'long' }),
  formatMonthYear: intl({ month: 'long', year: 'numeric' }),
  formatShortWeekday: intl({ weekday: 'short' }),
  formatWeekday: intl({ weekday: 'long' }),
  formatYear: intl({ year: 'numeric' }),
};

describe('calendar labels', () => {
  it('say what the en-US Intl formatters say, for every day of two years', () => {
    for (let day = 0; day < 731; day++) {
      const date = new Date(2026, 0, 1 + day);
      for (const [name, format] of Object.entries(calendarLabels)) {
        expect(format('en-US', date), `${name} of ${date.toDateString()}`).toBe(
          INTL[name as keyof typeof calendarLabels].format(date),
        );
      }
    }
  });

  it('write early and far years as Intl does (the decade and century views)', () => {
    for (const year of [1, 10, 99, 999, 1000, 1900, 2100, 9999]) {
      const date = new Date(2000, 5, 15);
      date.setFullYear(year);
      expect(calendarLabels.formatYear('en-US', date)).toBe(INTL.formatYear.format(date));
      expect(calendarLabels.formatMonthYear('en-US', date)).toBe(INTL.formatMonthYear.format(date));
    }
  });
});
