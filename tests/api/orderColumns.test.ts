import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Order } from '#contract/orders';

import { ORDER_COLUMNS, ORDER_FIELDS, orderFromRow, selectOrderFields } from '../../server/db/orderColumns';
import { signUpWithProfile, startTestApp, type TestApp } from './helpers';
import { placeOrder } from './orders.helpers';

/**
 * The server's statements build their order column lists from one map (server/db/orderColumns.ts).
 * The trigger that keeps each order's getgifts JSON (api_json) spells the fields in SQL, as a
 * shipped migration: these tests hold the two together.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('the order column map', () => {
  it('names only columns gift_orders has', async () => {
    const { rows } = await t.app.db.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_name = 'gift_orders'",
    );
    const columns = rows.map((r) => r.column_name);
    for (const column of Object.values(ORDER_COLUMNS)) expect(columns).toContain(column);
  });

  it('reads an order exactly as the trigger stores it for getgifts, field for field and in order', async () => {
    const customer = await signUpWithProfile(t.app);
    const id = await placeOrder(t.app, customer.token, {
      recipientName: 'Zoë "Z" O\'Brien',
      comments: 'Line one\nline two',
    });
    const { rows } = await t.app.db.query<Order & { api_json: string }>(
      `select o.api_json, ${selectOrderFields('o')} from gift_orders o where o.id = $1`,
      [id],
    );
    const stored = JSON.parse(rows[0].api_json) as Record<string, unknown>;
    expect(Object.keys(stored)).toEqual(ORDER_FIELDS);
    expect(stored).toEqual(orderFromRow(rows[0]));
    expect(stored).toMatchObject({ _id: id, recipientName: 'Zoë "Z" O\'Brien', status: 'new' });
  });
});
