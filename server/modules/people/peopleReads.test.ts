import { describe, expect, it } from 'vitest';

import { nextDateOf } from './peopleReads';

const date = (occasion: string, stored: string, yearKnown = true, repeatsYearly = true) => ({
  _id: `${occasion}-${stored}`,
  occasion,
  date: stored,
  yearKnown,
  repeatsYearly,
  remindDaysBefore: [30, 7],
});

describe('nextDateOf', () => {
  it('picks the soonest coming date (today included), with how many days away', () => {
    const dates = [
      date('Birthday', '1956-03-14'),
      date('Anniversary', '1980-11-30'),
      date('Trip', '2026-11-27', true, false),
    ];
    expect(nextDateOf(dates, null, '2026-11-26')).toEqual({
      dateId: 'Trip-2026-11-27',
      occasion: 'Trip',
      on: '2026-11-27',
      daysAway: 1,
      milestone: null,
    });
    expect(nextDateOf(dates, null, '2026-11-28')).toMatchObject({
      occasion: 'Anniversary',
      on: '2026-11-30',
      daysAway: 2,
    });
    expect(nextDateOf(dates, null, '2026-11-30')).toMatchObject({
      on: '2026-11-30',
      daysAway: 0,
      milestone: { kind: 'anniversary', number: 46 },
    });
    expect(nextDateOf(dates, null, '2026-12-01')).toMatchObject({
      occasion: 'Birthday',
      on: '2027-03-14',
      milestone: { kind: 'age', number: 71 },
    });
  });

  it('names the milestone: the age from the date or else the birth year, an anniversary only from its own year', () => {
    expect(nextDateOf([date('Birthday', '2000-03-14', false)], 1990, '2026-03-01')).toMatchObject({
      milestone: { kind: 'age', number: 36 },
    });
    expect(nextDateOf([date('Anniversary', '2000-03-14', false)], 1990, '2026-03-01')).toMatchObject({
      milestone: null,
    });
    expect(nextDateOf([date('Christmas', '1990-12-25')], 1950, '2026-12-01')).toMatchObject({ milestone: null });
    expect(nextDateOf([date('Birthday', '2026-05-01')], null, '2026-04-01')).toMatchObject({ milestone: null });
  });

  it('puts 29 February on 28 February in other years, and answers null when nothing comes again', () => {
    expect(nextDateOf([date('Birthday', '2000-02-29', false)], 1992, '2027-01-01')).toMatchObject({
      on: '2027-02-28',
      milestone: { kind: 'age', number: 35 },
    });
    expect(nextDateOf([date('Party', '2025-01-01', true, false)], null, '2026-01-01')).toBeNull();
    expect(nextDateOf([], null, '2026-01-01')).toBeNull();
  });
});
