import { describe, expect, it } from 'vitest';

import { commentsFromPerson, nextOccurrence } from './orderFromPerson';

describe('nextOccurrence', () => {
  it('finds a yearly date this year, or next year once it has passed, with or without its year', () => {
    expect(nextOccurrence({ date: '1956-03-14', repeatsYearly: true }, '2026-03-01')).toBe('2026-03-14');
    expect(nextOccurrence({ date: '1956-03-14', repeatsYearly: true }, '2026-03-14')).toBe('2026-03-14');
    expect(nextOccurrence({ date: '--03-14', repeatsYearly: true }, '2026-03-15')).toBe('2027-03-14');
  });

  it('puts 29 February on 28 February in other years', () => {
    expect(nextOccurrence({ date: '2000-02-29', repeatsYearly: true }, '2026-11-26')).toBe('2027-02-28');
    expect(nextOccurrence({ date: '--02-29', repeatsYearly: true }, '2027-03-01')).toBe('2028-02-29');
  });

  it('keeps a one-off date while it has not passed, and has none after', () => {
    expect(nextOccurrence({ date: '2026-12-01', repeatsYearly: false }, '2026-11-26')).toBe('2026-12-01');
    expect(nextOccurrence({ date: '2026-11-01', repeatsYearly: false }, '2026-11-26')).toBe('');
    expect(nextOccurrence({ date: '--12-01', repeatsYearly: false }, '2026-11-26')).toBe('');
  });
});

describe('commentsFromPerson', () => {
  const blank = { likes: '', dislikes: '', sizes: '', allergies: '' };
  it('is empty when they have no preferences', () => {
    expect(commentsFromPerson(blank)).toBe('');
  });

  it("stays within the comments' limit", () => {
    const long = commentsFromPerson({ ...blank, likes: 'x'.repeat(500), dislikes: 'y'.repeat(500), sizes: 'z' });
    expect(long.length).toBe(1000);
    expect(long.endsWith('…')).toBe(true);
  });
});
