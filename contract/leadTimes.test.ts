import { describe, expect, it } from 'vitest';

import { earliestDelivery, leadTimeText, orderByDate, orderByText, tooSoonMessage } from './leadTimes';

const DAYS = { None: 7, Flowers: 2, Chocolate: 3, Cake: 3, Giftcard: 1 };

describe('lead times', () => {
  it('count the earliest delivery forward from today and the order-by day back from a date, across months', () => {
    expect(earliestDelivery('2026-11-26', 'None', DAYS)).toBe('2026-12-03');
    expect(earliestDelivery('2026-12-31', 'Giftcard', DAYS)).toBe('2027-01-01');
    expect(orderByDate('2027-03-01', 'Flowers', DAYS)).toBe('2027-02-27');
  });

  it('say what each option needs, in words', () => {
    expect(leadTimeText('None', DAYS)).toBe('A curated gift needs 7 days');
    expect(leadTimeText('Flowers', DAYS)).toBe('Flowers need 2 days');
    expect(leadTimeText('Chocolate', DAYS)).toBe('Chocolate needs 3 days');
    expect(leadTimeText('Giftcard', DAYS)).toBe('A gift card needs 1 day');
    expect(leadTimeText('Flowers', { ...DAYS, Flowers: 0 })).toBe('Flowers can be delivered the same day');
    expect(tooSoonMessage('Flowers', DAYS, '2026-11-28')).toBe(
      'This date is too soon. Flowers need 2 days: the earliest delivery is Saturday, November 28 (2026-11-28).',
    );
  });

  it("say by when to order, from the customer's today", () => {
    expect(orderByText('2026-11-27', '2026-11-26')).toBe('order by Friday, November 27');
    expect(orderByText('2026-11-26', '2026-11-26')).toBe('order today');
    expect(orderByText('2026-11-25', '2026-11-26')).toBe('the order-by day (Wednesday, November 25) has passed');
  });
});
