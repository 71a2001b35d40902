import { OPEN_STATUSES } from '#contract/orderStatus';
import { NO_CUSTOMER_ERROR, type FoundCustomer } from '#contract/privacy';

import type { Queryable } from '../../db/db';
import { HttpError } from '../../lib/errors';

const OPEN = [...OPEN_STATUSES];

/**
 * A customer's account found by its email (any letter case), for staff answering a request about the customer's
 * data: who it is, and what erasing it would touch, so that staff can tell the customer before they erase. Found
 * whether or not the customer has an order (View Order reaches only those who have).
 */
const FIND_SQL = `
  select u.id::text, u.name, u.email, u.created_at,
         (select count(*)::int from gift_orders o where o.user_id = u.id) as orders,
         (select count(*)::int from gift_orders o where o.user_id = u.id and o.status = any($2::text[])) as open_orders,
         (select count(*)::int from people p where p.user_id = u.id) as people
    from users u
   where lower(u.email) = lower($1)`;

export async function findCustomerByEmail(db: Queryable, email: string): Promise<FoundCustomer> {
  const { rows } = await db.query<{
    id: string;
    name: string;
    email: string;
    created_at: Date | string;
    orders: number;
    open_orders: number;
    people: number;
  }>(FIND_SQL, [email, OPEN]);
  const row = rows[0];
  if (!row) throw new HttpError(404, NO_CUSTOMER_ERROR);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    createdAt: new Date(row.created_at).toISOString(),
    orders: row.orders,
    openOrders: row.open_orders,
    people: row.people,
  };
}
