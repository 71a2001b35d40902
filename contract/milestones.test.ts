import { describe, expect, it } from 'vitest';

import { milestoneOf, milestoneText, ordinal } from './milestones';

const date = (occasion: string, d: string, yearKnown = true, birthYear: number | null = null) => ({
  occasion,
  date: d,
  yearKnown,
  birthYear,
});

describe('milestones', () => {
  it('a birthday with a known year: the age turned on that occurrence', () => {
    expect(milestoneOf(date('Birthday', '1956-12-05'), '2026-12-05')).toEqual({ kind: 'age', number: 70 });
    expect(milestoneOf(date(' birthday ', '1956-12-05'), '2027-12-05')).toEqual({ kind: 'age', number: 71 });
  });

  it("a birthday without a year takes the person's birth year; the date's own year wins when both are known", () => {
    expect(milestoneOf(date('Birthday', '2000-12-05', false, 1956), '2026-12-05')).toEqual({ kind: 'age', number: 70 });
    expect(milestoneOf(date('Birthday', '1960-12-05', true, 1956), '2026-12-05')).toEqual({ kind: 'age', number: 66 });
    expect(milestoneOf(date('Birthday', '2000-12-05', false, null), '2026-12-05')).toBeNull();
  });

  it('29 February: the age counts on 28 February in a common year', () => {
    expect(milestoneOf(date('Birthday', '1952-02-29'), '2027-02-28')).toEqual({ kind: 'age', number: 75 });
  });

  it('an anniversary with a known year: its number; without one, or with only a birth year, none', () => {
    expect(milestoneOf(date('Anniversary', '2001-06-20'), '2026-06-20')).toEqual({ kind: 'anniversary', number: 25 });
    expect(milestoneOf(date('Anniversary', '2000-06-20', false, 1970), '2026-06-20')).toBeNull();
  });

  it('none for other occasions, nor for the first occurrence itself (age 0, the wedding day)', () => {
    expect(milestoneOf(date('Christmas', '1990-12-25'), '2026-12-25')).toBeNull();
    expect(milestoneOf(date('Graduation', '2020-06-01', true, 1998), '2026-06-01')).toBeNull();
    expect(milestoneOf(date('Birthday', '2026-03-01'), '2026-03-01')).toBeNull();
    expect(milestoneOf(date('Anniversary', '2026-03-01'), '2026-03-01')).toBeNull();
  });

  it('says it in words', () => {
    expect(milestoneText({ kind: 'age', number: 70 })).toBe('turns 70');
    expect(milestoneText({ kind: 'anniversary', number: 25 })).toBe('25th anniversary');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
      '112th',
    ]);
  });
});
