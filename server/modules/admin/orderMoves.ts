import {
  maskCard,
  type AdminOrderDetails,
  type AdminUserDetails,
  type BulkResult,
  type StatusEvent,
} from '#contract/admin';
import type { GiftOrder } from '#contract/orders';
import { canMove, STATUS_ACTIONS, type OrderStatus } from '#contract/orderStatus';

import type { Db, Queryable } from '../../db/db';
import { orderFromRow, selectOrderFields } from '../../db/orderColumns';
import { isUuid } from '../../db/pgChecks';
import { HttpError, notFound } from '../../lib/errors';
import { queueOrderStatusEmail } from './orderStatusEmail';

/** The staff side of orders: lists by status, full details with the customer, and the status workflow. */

const ORDER_NOT_FOUND = 'Order';

/** An order under its API names (selectOrderFields), with when it was placed and its customer. */
interface DetailsRow extends GiftOrder {
  placed_at: Date;
  u_name: string;
  u_email: string;
  u_created: string;
  u_address: string;
  u_phno: string;
  u_card_holder_name: string;
  u_card_last4: string | null;
  u_card_exp_month: number | null;
  u_card_exp_year: number | null;
  u_billing_zip: string;
}

interface EventRow {
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  changed_at: Date;
  admin_email: string | null;
  reason: string | null;
}

/** An order's status changes, oldest first (index order_status_events_order_changed_idx). */
export const STATUS_HISTORY_SQL = `select e.from_status, e.to_status, e.changed_at, a.email as admin_email, e.reason
     from order_status_events e left join admins a on a.id = e.admin_id
     where e.order_id = $1 order by e.changed_at, e.id`;

/** The order with its status history, and its customer as staff see them (card masked, no CVV). */
export async function getOrderDetails(
  db: Queryable,
  orderId: string,
): Promise<{ orderDetails: AdminOrderDetails; userDetails: AdminUserDetails }> {
  if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND);
  const { rows } = await db.query<DetailsRow>(
    `select ${selectOrderFields('o')}, o.created_at as placed_at,
            u.name as u_name, u.email as u_email,
            to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD') as u_created,
            u.address as u_address, u.phno as u_phno, u.card_holder_name as u_card_holder_name,
            u.card_last4 as u_card_last4, u.card_exp_month as u_card_exp_month,
            u.card_exp_year as u_card_exp_year, u.billing_zip as u_billing_zip
     from gift_orders o join users u on u.id = o.user_id
     where o.id = $1`,
    [orderId],
  );
  const o = rows[0];
  if (!o) throw notFound(ORDER_NOT_FOUND);

  const events = await db.query<EventRow>(STATUS_HISTORY_SQL, [orderId]);
  const statusHistory: StatusEvent[] = events.rows.map((e) => ({
    fromStatus: e.from_status,
    toStatus: e.to_status,
    changedAt: new Date(e.changed_at).toISOString(),
    adminEmail: e.admin_email,
    reason: e.reason,
  }));
  // Orders placed before their creation was recorded still show when they were placed.
  if (!statusHistory.some((e) => e.fromStatus === null)) {
    statusHistory.unshift({
      fromStatus: null,
      toStatus: 'new',
      changedAt: new Date(o.placed_at).toISOString(),
      adminEmail: null,
      reason: null,
    });
  }

  return {
    orderDetails: { ...orderFromRow(o), statusHistory },
    userDetails: {
      name: o.u_name,
      email: o.u_email,
      date: o.u_created,
      address: o.u_address,
      phno: o.u_phno,
      cardHolderName: o.u_card_holder_name,
      cardNumber: maskCard(o.u_card_last4),
      cvv: null,
      cardExpirationMonth: o.u_card_exp_month,
      cardExpirationYear: o.u_card_exp_year,
      billingZipCode: o.u_billing_zip,
    },
  };
}

/** Why the workflow refuses from → to, in words an admin can act on. */
export function illegalMoveMessage(from: OrderStatus, to: OrderStatus): string {
  if (from === to) return `This order is already ${from}`;
  const allowed = STATUS_ACTIONS[from].map((a) => a.to);
  if (allowed.length === 0) return `A ${from} order cannot change status`;
  return `A ${from} order cannot be moved to ${to}; from ${from} it can only go to ${allowed.join(' or ')}`;
}

/** A move an admin asks for: where to, the status the admin saw (optional), and why (optional). */
export interface StatusMove {
  to: OrderStatus;
  expectedFrom?: OrderStatus;
  reason?: string;
}

/**
 * Moves the order only if it is still in `from`, and records the change with the admin, the time and the
 * reason, in the caller's transaction. A rejection keeps its reason on the order for the customer; any other
 * move clears it. False when another change got there first (nothing written).
 */
export async function applyStatusChange(
  tx: Queryable,
  orderId: string,
  from: OrderStatus,
  move: { to: OrderStatus; reason?: string },
  adminId: string,
): Promise<boolean> {
  const moved = await tx.query(
    `update gift_orders set status = $3, status_since = now(), updated_at = now(),
            status_reason = case when $3 = 'rejected' then $4 end
      where id = $1 and status = $2`,
    [orderId, from, move.to, move.reason ?? null],
  );
  if (moved.rowCount === 0) return false;
  await tx.query(
    'insert into order_status_events (order_id, from_status, to_status, admin_id, reason) values ($1, $2, $3, $4, $5)',
    [orderId, from, move.to, adminId, move.reason ?? null],
  );
  return true;
}

/**
 * The order workflow (docs/workflow.md), enforced: 404 for an unknown order, 409 for a move the table does
 * not allow, and 409 when two admins move the same order at once and the other one won. The customer's
 * email about the move is queued in the same transaction.
 */
export async function changeOrderStatus(
  db: Db,
  orderId: string,
  move: StatusMove,
  adminId: string,
  publicUrl: string,
): Promise<OrderStatus> {
  if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND);
  const { to, expectedFrom, reason } = move;
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ status: OrderStatus }>('select status from gift_orders where id = $1', [orderId]);
    if (!rows[0]) throw notFound(ORDER_NOT_FOUND);
    const from = expectedFrom ?? rows[0].status;
    if (rows[0].status !== from) throw new HttpError(409, changedMeanwhile(rows[0].status));
    if (!canMove(from, to)) throw new HttpError(409, illegalMoveMessage(from, to));
    // Conditional on `from`: of two transactions that both read it, the second matches no row.
    if (!(await applyStatusChange(tx, orderId, from, { to, reason }, adminId))) {
      const now = await tx.query<{ status: OrderStatus }>('select status from gift_orders where id = $1', [orderId]);
      throw new HttpError(409, changedMeanwhile(now.rows[0]?.status));
    }
    await queueOrderStatusEmail(tx, orderId, { status: to, reason }, publicUrl);
    return from;
  });
}

/**
 * The same move for several orders, each in its own transaction through changeOrderStatus, so each follows
 * the workflow (and the `expectedFrom` guard: an order no longer in the view the admin saw is refused) and
 * one refusal does not stop or undo the others. An id named twice is moved once.
 */
export async function bulkChangeStatus(
  db: Db,
  ids: readonly string[],
  move: StatusMove,
  adminId: string,
  publicUrl: string,
): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (const id of new Set(ids)) {
    try {
      await changeOrderStatus(db, id, move, adminId, publicUrl);
      results.push({ _id: id, success: true });
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      results.push({ _id: id, success: false, error: err.message });
    }
  }
  return results;
}

const changedMeanwhile = (now: OrderStatus | undefined) =>
  `Someone else changed this order meanwhile${now ? `: it is now ${now}` : ''}. Reload it and try again.`;
