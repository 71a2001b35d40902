import { describe, expect, it } from 'vitest';

import { milestoneOn, nextDateOf } from './peopleReads';

const date = (occasion: string, stored: string, yearKnown = true, repeatsYearly = true) => ({
  _id: `${occasion}-${stored}`,
  occasion,
  date: stored,
  yearKnown,
  repeatsYearly,
  remindDaysBefore: [30, 7],
});

describe('milestoneOn', () => {
  it('gives the age a birthday turns, from its year or else the birth year', () => {
    expect(milestoneOn(date('Birthday', '1956-03-14'), null, '2026-03-14')).toEqual({ kind: 'age', number: 70 });
    expect(milestoneOn(date(' birthday ', '2000-03-14', false), 1990, '2026-03-14')).toEqual({
      kind: 'age',
      number: 36,
    });
    // The date's own year wins over the birth year.
    expect(milestoneOn(date('Birthday', '1956-03-14'), 1960, '2026-03-14')).toEqual({ kind: 'age', number: 70 });
    expect(milestoneOn(date('Birthday', '2000-03-14', false), null, '2026-03-14')).toBeNull();
  });

  it("gives an anniversary's number only from its own year", () => {
    expect(milestoneOn(date('Anniversary', '2001-06-30'), null, '2026-06-30')).toEqual({
      kind: 'anniversary',
      number: 25,
    });
    expect(milestoneOn(date('Anniversary', '2000-06-30', false), 1970, '2026-06-30')).toBeNull();
  });

  it('gives none for other occasions, nor before the first one', () => {
    expect(milestoneOn(date('Christmas', '1990-12-25'), 1950, '2026-12-25')).toBeNull();
    expect(milestoneOn(date('Birthday', '2026-05-01'), null, '2026-05-01')).toBeNull();
  });
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

  it('puts 29 February on 28 February in other years, and answers null when nothing comes again', () => {
    expect(nextDateOf([date('Birthday', '2000-02-29', false)], 1992, '2027-01-01')).toMatchObject({
      on: '2027-02-28',
      milestone: { kind: 'age', number: 35 },
    });
    expect(nextDateOf([date('Party', '2025-01-01', true, false)], null, '2026-01-01')).toBeNull();
    expect(nextDateOf([], null, '2026-01-01')).toBeNull();
  });
});
