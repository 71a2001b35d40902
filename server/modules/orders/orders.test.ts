import { describe, expect, it } from 'vitest';

import { earliestOrderDate, isPastOrderDate } from './orders';

describe('earliestOrderDate', () => {
  it('is yesterday in UTC', () => {
    expect(earliestOrderDate(new Date('2026-03-15T12:00:00Z'))).toBe('2026-03-14');
    expect(earliestOrderDate(new Date('2026-03-15T00:00:00Z'))).toBe('2026-03-14');
    expect(earliestOrderDate(new Date('2026-03-15T23:59:59Z'))).toBe('2026-03-14');
  });

  it('crosses month, year and leap-day boundaries', () => {
    expect(earliestOrderDate(new Date('2026-03-01T06:00:00Z'))).toBe('2026-02-28');
    expect(earliestOrderDate(new Date('2028-03-01T06:00:00Z'))).toBe('2028-02-29');
    expect(earliestOrderDate(new Date('2027-01-01T00:30:00Z'))).toBe('2026-12-31');
  });
});

describe('isPastOrderDate', () => {
  const now = new Date('2026-03-15T02:00:00Z');

  it("accepts today and yesterday in UTC, so a customer's local today is never refused", () => {
    // In Honolulu (UTC-10) it is still 14 March; in Kiritimati (UTC+14) it is already 15 March.
    expect(isPastOrderDate('2026-03-14', now)).toBe(false);
    expect(isPastOrderDate('2026-03-15', now)).toBe(false);
    expect(isPastOrderDate('2026-03-16', now)).toBe(false);
    expect(isPastOrderDate('2030-01-01', now)).toBe(false);
  });

  it('refuses two days ago and earlier', () => {
    expect(isPastOrderDate('2026-03-13', now)).toBe(true);
    expect(isPastOrderDate('2025-12-31', now)).toBe(true);
    expect(isPastOrderDate('1999-03-15', now)).toBe(true);
  });
});
