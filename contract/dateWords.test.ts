import { describe, expect, it } from 'vitest';

import { dateInWords, dayInWords } from './dateWords';

// "This year" is fixed by `today`, so these hold whatever the machine's clock says.
const today = '2026-11-26';

describe('dateInWords', () => {
  it('writes a date as the locale does, with a short weekday and month', () => {
    const fri = { weekday: true, short: true, today };
    expect(dateInWords('2026-12-18', { ...fri, locale: 'en-US' })).toBe('Fri, Dec 18');
    expect(dateInWords('2026-12-18', { ...fri, locale: 'en-GB' })).toBe('Fri 18 Dec');
  });

  it('adds the year only when it is not this year', () => {
    expect(dateInWords('2027-01-08', { locale: 'en-US', weekday: true, short: true, today })).toBe('Fri, Jan 8, 2027');
    expect(dateInWords('1956-03-14', { locale: 'en-GB', today })).toBe('14 March 1956');
    expect(dateInWords('2026-03-14', { locale: 'en-GB', today })).toBe('14 March');
    expect(dateInWords('2026-03-14', { locale: 'en-GB', today, year: true })).toBe('14 March 2026');
    expect(dateInWords('1956-03-14', { locale: 'en-US', today, year: false })).toBe('March 14');
  });

  it('names the weekday of a leap day from its own numbers, in every time zone', () => {
    expect(dateInWords('2028-02-29', { locale: 'en-US', weekday: true, today })).toBe('Tuesday, February 29, 2028');
    expect(dateInWords('2028-02-29', { locale: 'en-GB', weekday: true, today: '2028-01-01' })).toBe(
      'Tuesday 29 February',
    );
  });

  it('writes a date without its year (--MM-DD) with no year and no weekday', () => {
    expect(dateInWords('--02-29', { locale: 'en-US', today })).toBe('February 29');
    expect(dateInWords('--06-09', { locale: 'en-GB', short: true, weekday: true, today })).toBe('9 Jun');
  });

  it('writes in the house style (US English, full names) when no locale is given', () => {
    expect(dateInWords('1956-03-14', { today })).toBe('March 14, 1956');
    expect(dayInWords('2026-12-05')).toBe('Saturday, December 5');
  });

  it('falls back to the house style for a locale it cannot read, and leaves a non-date as it is', () => {
    expect(dateInWords('2026-12-18', { locale: 'not a locale!', today })).toBe('December 18');
    expect(dateInWords('soon', { locale: 'en-US', today })).toBe('soon');
  });
});
