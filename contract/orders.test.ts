import { describe, expect, it } from 'vitest';

import { orderFixture } from '../tests/support/fixtures';
import { orderForm, orderUpdate } from './orderForm';
import { order, type Order } from './orders';
import { CALLING_CODE_MESSAGE } from './phoneNumber';

/** An order as getgifts answers it (the shared fixture, with values of its own). */
const answered: Order = orderFixture({
  _id: '6f1c2b1e-9a0b-4c1d-8e2f-3a4b5c6d7e8f',
  address: '7 Elm Road',
  budget: '$49.99',
  comments: '',
  date: '2031-03-15',
  countryCode: '+44',
});

describe('orderForm (addgift)', () => {
  it("takes the form's countryCode, bounded, and no key the form does not have", () => {
    const { _id, status, ...fields } = answered;
    expect(orderForm.safeParse({ ...fields, countryCode: '+1' }).success).toBe(true);
    expect(orderForm.safeParse({ ...fields, countryCode: '+1'.repeat(6) }).error?.issues[0].message).toBe(
      'Country code must be at most 10 characters',
    );
    expect(orderForm.safeParse({ ...fields, _id }).error?.issues[0].message).toBe('Unrecognized key: "_id"');
    expect(orderForm.safeParse({ ...fields, status }).success).toBe(false);
  });
});

describe("orderForm's countryCode", () => {
  const { _id: _i, status: _s, ...fields } = answered;
  const code = (countryCode: unknown) => orderForm.safeParse({ ...fields, countryCode });

  it('keeps a calling code as +44, however written, and a blank or null as none', () => {
    for (const written of ['+44', '44', ' +44 ']) expect(code(written).data?.countryCode).toBe('+44');
    expect(code('+1').data?.countryCode).toBe('+1');
    expect(code('').data?.countryCode).toBeNull();
    expect(code(null).data?.countryCode).toBeNull();
    expect(code(undefined).data?.countryCode).toBeUndefined();
  });

  it("refuses a code that is no country's, naming the field", () => {
    for (const written of ['+999', '+0', '+1234', 'UK', '+4 4']) {
      expect(code(written).error?.issues[0].message, written).toBe(CALLING_CODE_MESSAGE);
    }
  });
});

describe('orderUpdate (updateGift)', () => {
  it('accepts an order exactly as getgifts answers it: every field it holds', () => {
    // Every key of the answer is covered, so a field added to the answer is accepted back too.
    expect(Object.keys(answered).sort()).toEqual(Object.keys(order.shape).sort());
    expect(orderUpdate.safeParse(answered).success).toBe(true);
    expect(orderUpdate.safeParse({ ...answered, countryCode: '+44' }).success).toBe(true);
  });

  it('passes a real status on for the server to compare, and refuses anything that is not one', () => {
    expect(orderUpdate.parse({ ...answered, status: 'finished' }).status).toBe('finished');
    for (const status of ['shipped', '', null, 1]) {
      expect(orderUpdate.safeParse({ ...answered, status }).error?.issues[0].message).toBe(
        "Customers cannot change an order's status",
      );
    }
  });

  it('refuses keys that neither the order form nor the answer has, naming them', () => {
    expect(orderUpdate.safeParse({ ...answered, user_id: 'x' }).error?.issues[0].message).toBe(
      'Unrecognized key: "user_id"',
    );
  });
});
