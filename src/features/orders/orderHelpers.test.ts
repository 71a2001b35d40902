import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

import { GIFT_IMAGE_COUNT, type Order } from '#contract/orders';

import { orderFixture } from '../../../tests/support/fixtures';
import {
  EMPTY_ORDER_FORM,
  formFromOrder,
  fromDateKey,
  giftPictureFor,
  groupByDate,
  isBirthday,
  isLocked,
  markerText,
  orderFromForm,
  toDateKey,
} from './orderHelpers';

const order = (over: Partial<Order> = {}): Order =>
  orderFixture({ _id: 'id', address: '7 Elm Road', defaultOption: 'None', comments: '', date: '2030-05-10', ...over });

describe('date keys', () => {
  it('writes a local day as YYYY-MM-DD and reads it back', () => {
    expect(toDateKey(new Date(2030, 0, 5))).toBe('2030-01-05');
    expect(toDateKey(new Date(2030, 11, 31, 23, 59))).toBe('2030-12-31');
    expect(toDateKey(fromDateKey('2030-02-28'))).toBe('2030-02-28');
  });
});

describe('groupByDate', () => {
  it('groups orders by day, keeping the list order, in one pass', () => {
    const a = order({ _id: 'a', date: '2030-05-10' });
    const b = order({ _id: 'b', date: '2030-05-12' });
    const c = order({ _id: 'c', date: '2030-05-10' });
    const byDate = groupByDate([a, b, c]);
    expect([...byDate.keys()]).toEqual(['2030-05-10', '2030-05-12']);
    expect(byDate.get('2030-05-10')).toEqual([a, c]);
    expect(byDate.get('2030-05-11')).toBeUndefined();
  });

  it('stays linear for a thousand orders', () => {
    const many = Array.from({ length: 1000 }, (_, i) =>
      order({ _id: String(i), date: `2030-05-${String((i % 28) + 1).padStart(2, '0')}` }),
    );
    const byDate = groupByDate(many);
    expect(byDate.size).toBe(28);
    expect([...byDate.values()].reduce((n, day) => n + day.length, 0)).toBe(1000);
  });
});

describe('markers', () => {
  it("reads '{recipient}'s {occasion}' and is red only for Birthday", () => {
    expect(markerText(order({ recipientName: 'Maya', occasion: 'Birthday' }))).toBe("Maya's Birthday");
    expect(isBirthday(order({ occasion: 'Birthday' }))).toBe(true);
    expect(isBirthday(order({ occasion: ' birthday ' }))).toBe(true);
    expect(isBirthday(order({ occasion: 'Anniversary' }))).toBe(false);
    expect(isBirthday(order({ occasion: 'Birthday party' }))).toBe(false);
  });
});

describe('giftPictureFor', () => {
  it('picks one of the seven pictures, the same one every time for the same order', () => {
    const ids = Array.from({ length: 200 }, (_, i) => `6f1c2a4e-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const pictures = ids.map(giftPictureFor);
    expect(new Set(pictures)).toEqual(new Set([1, 2, 3, 4, 5, 6, 7]));
    expect(ids.map(giftPictureFor)).toEqual(pictures);
  });

  it('has a picture file and a gift-art class for each of them', () => {
    expect(fs.readdirSync('public/gifts').sort()).toEqual(
      Array.from({ length: GIFT_IMAGE_COUNT }, (_, i) => `gift-${i + 1}.svg`).sort(),
    );
    const classes = /@for \$n from 1 through (\d+)/.exec(fs.readFileSync('src/features/orders/giftArt.scss', 'utf8'));
    expect(Number(classes?.[1])).toBe(GIFT_IMAGE_COUNT);
  });
});

describe('isLocked', () => {
  it('locks processed and finished orders only', () => {
    expect(isLocked({ status: 'new' })).toBe(false);
    expect(isLocked({ status: 'rejected' })).toBe(false);
    expect(isLocked({ status: 'processed' })).toBe(true);
    expect(isLocked({ status: 'finished' })).toBe(true);
  });
});

describe('form conversion', () => {
  it('starts empty with defaultOption None', () => {
    expect(EMPTY_ORDER_FORM.defaultOption).toBe('None');
    expect(EMPTY_ORDER_FORM.recipientName).toBe('');
  });

  it("prefills from an order, its phone's country code too, and sends the fields back without status", () => {
    expect(formFromOrder(order({ countryCode: '+44' })).countryCode).toBe('+44');
    expect(formFromOrder(order()).countryCode).toBe('');
    const form = { ...formFromOrder(order({ _id: 'x', status: 'rejected' })), countryCode: '+353', gender: 'female ' };
    const body = orderFromForm(form);
    expect(body.countryCode).toBe('+353');
    expect(body).not.toHaveProperty('status');
    expect(body).not.toHaveProperty('_id');
    expect(body.gender).toBe('Female');
    expect(body.recipientName).toBe('Maya');
  });
});
