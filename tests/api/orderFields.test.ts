import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { order } from '#contract/orders';

import { orderFields } from '../../server/db/orderFields';
import { qb, rowsOf } from '../../server/db/queryBuilder';
import { signUpWithProfile, startTestApp, type TestApp } from './helpers';
import { placeOrder } from './orders.helpers';

/**
 * The server reads an order's API fields through one typed select list (server/db/orderFields.ts), checked
 * against the schema and the contract at compile time. The trigger that keeps each order's getgifts JSON
 * (api_json) spells the fields in SQL, as a shipped migration: this test holds the two together.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("the order's API fields", () => {
  it('are read exactly as the trigger stores them for getgifts, field for field and in order', async () => {
    const customer = await signUpWithProfile(t.app);
    const id = await placeOrder(t.app, customer.token, {
      recipientName: 'Zoë "Z" O\'Brien',
      comments: 'Line one\nline two',
      // Every field present: a missing country code is left out of the JSON.
      countryCode: '+44',
    });
    const [row] = await rowsOf(
      t.app.db,
      qb.selectFrom('gift_orders').select('api_json').select(orderFields).where('id', '=', id),
    );
    const { api_json, ...fields } = row;
    const stored = JSON.parse(api_json) as Record<string, unknown>;
    expect(Object.keys(fields)).toEqual(Object.keys(order.shape));
    expect(Object.keys(stored)).toEqual(Object.keys(fields));
    expect(stored).toEqual(fields);
    expect(stored).toMatchObject({ _id: id, recipientName: 'Zoë "Z" O\'Brien', status: 'new' });
  });
});
