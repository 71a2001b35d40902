import { sql } from 'kysely';

import type { OrderNote } from '#contract/timeline';

import type { Queryable } from '../../db/db';
import { isUuid } from '../../db/pgChecks';
import { rawRowsOf } from '../../db/queryBuilder';
import { notFound } from '../../lib/errors';

/**
 * Staff's internal notes on an order: written by an admin, read in View Order (getOrderDetails carries them),
 * never in anything the customer receives (docs/privacy.md).
 */

/** Adds the admin's note to the order, in one statement that also checks the order exists; 404 if not. */
export async function addOrderNote(db: Queryable, orderId: string, adminId: string, body: string): Promise<OrderNote> {
  if (!isUuid(orderId)) throw notFound('Order');
  const [note] = await rawRowsOf(
    db,
    sql<OrderNote>`
      with added as (
        insert into order_notes (order_id, admin_id, body)
        select o.id, ${adminId}::uuid, ${body} from gift_orders o where o.id = ${orderId}::uuid
        returning id, admin_id, body, created_at
      )
      select added.id::text as "_id", added.body, coalesce(a.email, 'a removed admin') as "by",
             to_char(added.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "at"
        from added left join admins a on a.id = added.admin_id`,
  );
  if (!note) throw notFound('Order');
  return note;
}
