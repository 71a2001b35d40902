import { describe, expect, it } from 'vitest';

import { dateBodyFrom, dateFormFrom, EMPTY_DATE_FORM, hasDate } from './dateFormValues';
import { milestoneWords } from './dateWords';

describe('milestones in words', () => {
  it('says the age turned or the anniversary, or nothing without a year', () => {
    expect(milestoneWords({ kind: 'age', number: 70 })).toBe('turns 70');
    expect(milestoneWords({ kind: 'anniversary', number: 21 })).toBe('21st anniversary');
    expect(milestoneWords(null)).toBeNull();
  });
});

describe('the date form', () => {
  it('sends a known year as YYYY-MM-DD and an unknown one as --MM-DD, reminders largest first', () => {
    expect(dateBodyFrom({ ...EMPTY_DATE_FORM, date: '1990-07-04', remindDaysBefore: [7, 30, 0] })).toEqual({
      occasion: 'Birthday',
      date: '1990-07-04',
      repeatsYearly: true,
      remindDaysBefore: [30, 7, 0],
    });
    expect(
      dateBodyFrom({
        ...EMPTY_DATE_FORM,
        yearUnknown: true,
        month: '7',
        day: '4',
        occasion: 'Other',
        otherOccasion: ' Name day ',
      }),
    ).toMatchObject({ occasion: 'Name day', date: '--07-04' });
  });

  it('reads a date back into the form it came from', () => {
    const form = dateFormFrom({
      _id: 'd',
      occasion: 'Eid',
      date: '--04-10',
      repeatsYearly: true,
      remindDaysBefore: [],
    });
    expect(form).toMatchObject({ occasion: 'Other', otherOccasion: 'Eid', yearUnknown: true, month: '4', day: '10' });
    expect(dateBodyFrom(form).date).toBe('--04-10');
    expect(
      dateFormFrom({ _id: 'd', occasion: 'Christmas', date: '2026-12-25', repeatsYearly: true, remindDaysBefore: [] }),
    ).toMatchObject({ occasion: 'Christmas', yearUnknown: false, date: '2026-12-25' });
  });

  it('tells a date left out from one given', () => {
    expect(hasDate(EMPTY_DATE_FORM)).toBe(false);
    expect(hasDate({ ...EMPTY_DATE_FORM, date: '2026-01-01' })).toBe(true);
    expect(hasDate({ ...EMPTY_DATE_FORM, yearUnknown: true, month: '1' })).toBe(true);
  });
});
