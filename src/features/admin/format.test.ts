import { describe, expect, it } from 'vitest';

import { formatBudget } from '@/lib/money';

import { orNA, whenDue } from './format';

describe('formatBudget', () => {
  it('shows one dollar sign', () => {
    expect(formatBudget('50')).toBe('$50');
    expect(formatBudget('$49.99')).toBe('$49.99');
    expect(formatBudget(' ')).toBe('N/A');
  });
});

describe('whenDue', () => {
  const today = new Date(2026, 10, 21); // 21 Nov 2026, local time
  it('says how far away a delivery date is', () => {
    expect(whenDue('2026-11-21', today)).toBe('today');
    expect(whenDue('2026-11-22', today)).toBe('tomorrow');
    expect(whenDue('2026-11-20', today)).toBe('yesterday');
    expect(whenDue('2026-12-01', today)).toBe('in 10 days');
    expect(whenDue('2026-11-01', today)).toBe('20 days ago');
    expect(whenDue('2027-03-28', today)).toBe('in 127 days');
    expect(whenDue('', today)).toBe('no date');
  });
});

describe('orNA', () => {
  it('falls back to N/A for empty values only', () => {
    expect(orNA('')).toBe('N/A');
    expect(orNA('  ')).toBe('N/A');
    expect(orNA(null)).toBe('N/A');
    expect(orNA(undefined)).toBe('N/A');
    expect(orNA('x')).toBe('x');
    expect(orNA(0)).toBe('0');
  });
});
