import { describe, expect, it } from 'vitest';

import { emailDate } from './dates';

describe('emailDate', () => {
  it('writes a date in US English words with its weekday, the year only when it is not this year', () => {
    expect(emailDate('2026-12-18', '2026-11-26')).toBe('Friday, December 18');
    expect(emailDate('2027-01-04', '2026-12-28')).toBe('Monday, January 4, 2027');
    expect(emailDate('2025-12-31', '2026-01-02')).toBe('Wednesday, December 31, 2025');
  });

  it('keeps 29 February and reads the date as a day, not an instant (no time zone moves it)', () => {
    expect(emailDate('2028-02-29', '2028-01-01')).toBe('Tuesday, February 29');
  });
});
