import { sql } from 'kysely';

import type { OrderStatus } from '#contract/orderStatus';

import type { Queryable } from '../../db/db';
import { qb, run } from '../../db/queryBuilder';

/**
 * The one way an order's status changes, used by staff's moves (admin) and by the customer's approval of a proposal
 * (journey): the row moves only from the status the caller read, and the change is recorded with who made it.
 */

/** Who moved a status: staff (with their admin id), the customer (approving a proposal) or the system. */
export type StatusActor = { actor: 'staff'; adminId: string } | { actor: 'customer' | 'system' };

/**
 * Moves the order only if it is still in `from`, and records the change with who made it, the time and the
 * reason, in the caller's transaction. A rejection keeps its reason on the order for the customer; any other
 * move clears it. False when another change got there first (nothing written).
 */
export async function applyStatusChange(
  tx: Queryable,
  orderId: string,
  from: OrderStatus,
  move: { to: OrderStatus; reason?: string },
  by: string | StatusActor,
): Promise<boolean> {
  const who: StatusActor = typeof by === 'string' ? { actor: 'staff', adminId: by } : by;
  const moved = await run(
    tx,
    qb
      .updateTable('gift_orders')
      .set({
        status: move.to,
        status_since: sql`now()`,
        updated_at: sql`now()`,
        status_reason: move.to === 'rejected' ? (move.reason ?? null) : null,
      })
      .where('id', '=', orderId)
      .where('status', '=', from),
  );
  if (moved.rowCount === 0) return false;
  await run(
    tx,
    qb.insertInto('order_status_events').values({
      order_id: orderId,
      from_status: from,
      to_status: move.to,
      admin_id: who.actor === 'staff' ? who.adminId : null,
      actor: who.actor,
      reason: move.reason ?? null,
    }),
  );
  return true;
}
