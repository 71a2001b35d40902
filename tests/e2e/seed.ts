import type { Db } from '../../server/db/db';
import { orderInput } from '../support/fixtures';

/**
 * Writes many orders over SQL, for a spec's `test.use({ seed })` (tests/e2e/test.ts): each with the first entry of
 * its status history, as placing it through addgift leaves it (addgift itself is tested in tests/api/gifts.test.ts).
 * Thousands take a moment, where HTTP took minutes.
 *
 * `source` is a select answering one row per order with user_id, recipient_name, comments, date, status and
 * status_reason, using `params` as $1, $2…; every other field is the fixture order's (orderInput).
 */
export async function seedOrders(db: Db, source: string, params: unknown[]): Promise<void> {
  const order = orderInput();
  const shared = [
    order.relationship,
    order.occasion,
    order.gender,
    order.address,
    order.phoneNumber,
    order.email,
    order.interests,
    order.budget,
    order.defaultOption,
  ];
  const sharedParams = shared.map((_, i) => `$${params.length + i + 1}`).join(', ');
  await db.query(
    `with source as (${source}),
     placed as (
       insert into gift_orders (user_id, recipient_name, relationship, occasion, gender, address, phone_number, email,
         interests, budget, default_option, comments, date, status, status_reason)
       select user_id, recipient_name, ${sharedParams}, comments, date, status, status_reason from source
       returning id, status
     )
     insert into order_status_events (order_id, from_status, to_status, actor)
       select id, null, status, 'customer' from placed`,
    [...params, ...shared],
  );
}
