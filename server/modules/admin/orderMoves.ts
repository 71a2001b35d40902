import { sql } from 'kysely';

import {
  EARLIER_ORDERS_MAX,
  maskCard,
  type AdminOrderDetails,
  type AdminUserDetails,
  type BulkResult,
  type StatusEvent,
} from '#contract/admin';
import { canMove, STATUS_ACTIONS, type OrderStatus } from '#contract/orderStatus';
import type { GivenGift } from '#contract/people';
import { ERASED_CUSTOMER } from '#contract/privacy';
import type { OrderNote, StaffTimelineStep } from '#contract/timeline';

import type { Db, Queryable } from '../../db/db';
import { orderFields } from '../../db/orderFields';
import { notesJson, staffStep, timelineJson, type TimelineRow } from '../../db/orderTimeline';
import { isUuid } from '../../db/pgChecks';
import { qb, rowsOf } from '../../db/queryBuilder';
import { HttpError, notFound } from '../../lib/errors';
import { withdrawOpenProposals } from '../journey/proposals';
import { recordDelivery, type DeliveryInput } from '../journey/shipment';
import type { CustomerMailSettings } from '../mail/mailQueue';
import { queueOrderStatusEmail } from '../orderStatus/orderStatusEmail';
import { applyStatusChange } from '../orderStatus/statusChange';

/** The staff side of orders: lists by status, full details with the customer, and the status workflow. */

const ORDER_NOT_FOUND = 'Order';

/** An order's status changes, oldest first (index order_status_events_order_changed_idx). */
export const statusHistoryQuery = (orderId: string) =>
  qb
    .selectFrom('order_status_events as e')
    .leftJoin('admins as a', 'a.id', 'e.admin_id')
    .select(['e.from_status', 'e.to_status', 'e.changed_at', 'a.email as admin_email', 'e.reason'])
    .where('e.order_id', '=', orderId)
    .orderBy('e.changed_at')
    .orderBy('e.id');

/**
 * The customer's orders placed before `o` for the same person, newest first (the contract's orderDetailsAnswer says
 * what "the same person" means), as the JSON text of an array of the contract's GivenGift. An order kept after its
 * customer erased their account has no customer, so none.
 */
const earlierOrdersJson = sql<string>`coalesce((
  select json_agg(json_strip_nulls(json_build_object(
                    '_id', e.id::text, 'date', e.date::text, 'occasion', e.occasion, 'status', e.status,
                    'budget', e.budget,
                    -- The gift given: the proposal the customer approved, as getgifts' JSON writes it.
                    'title', case when e.proposal_state = 'approved' then e.api_json::json #>> '{proposal,title}' end,
                    'price', case when e.proposal_state = 'approved' then e.api_json::json #>> '{proposal,price}' end,
                    'rating', e.feedback_rating, 'ratingNote', e.feedback_note))
                  order by e.created_at desc, e.id desc)
    from (select * from gift_orders e
           where e.user_id = gift_orders.user_id
             and (e.created_at, e.id) < (gift_orders.created_at, gift_orders.id)
             and (e.person_id = gift_orders.person_id
                  or ((e.person_id is null or gift_orders.person_id is null)
                      and lower(btrim(e.recipient_name)) = lower(btrim(gift_orders.recipient_name))))
           order by e.created_at desc, e.id desc
           limit ${sql.lit(EARLIER_ORDERS_MAX)}) e
  ), '[]')::text`;

/**
 * An order with when it was placed, and its customer as staff see them: ERASED_CUSTOMER and blanks for an order kept
 * after its customer erased their account (docs/privacy.md); and the customer's earlier orders for the same person.
 */
const orderWithCustomer = (orderId: string) =>
  qb
    .selectFrom('gift_orders')
    .leftJoin('users', 'users.id', 'gift_orders.user_id')
    .select(orderFields)
    .select(({ fn, val }) => [
      'gift_orders.created_at as placedAt',
      fn.coalesce('users.name', val(ERASED_CUSTOMER)).as('customerName'),
      fn.coalesce('users.email', val('')).as('customerEmail'),
      sql<string>`coalesce(to_char(users.created_at at time zone 'UTC', 'YYYY-MM-DD'), '')`.as('customerSince'),
      fn.coalesce('users.address', val('')).as('customerAddress'),
      fn.coalesce('users.phno', val('')).as('customerPhno'),
      fn.coalesce('users.card_holder_name', val('')).as('cardHolderName'),
      'users.card_last4 as cardLast4',
      'users.card_exp_month as cardExpMonth',
      'users.card_exp_year as cardExpYear',
      fn.coalesce('users.billing_zip', val('')).as('billingZip'),
      earlierOrdersJson.as('earlierOrders'),
      // The journey's parts as getgifts' JSON has them (contract/journey.ts), one place for their shape.
      'gift_orders.api_json as apiJson',
      timelineJson(sql`gift_orders.id`).as('timeline'),
      notesJson(sql`gift_orders.id`).as('notes'),
    ])
    .where('gift_orders.id', '=', orderId);

/** The order with its status history, and its customer as staff see them (card masked, no CVV). */
export async function getOrderDetails(
  db: Queryable,
  orderId: string,
): Promise<{
  orderDetails: AdminOrderDetails;
  userDetails: AdminUserDetails;
  earlierOrders: GivenGift[];
  timeline: StaffTimelineStep[];
  notes: OrderNote[];
}> {
  if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND);
  const [row] = await rowsOf(db, orderWithCustomer(orderId));
  if (!row) throw notFound(ORDER_NOT_FOUND);
  const { placedAt, customerName, customerEmail, customerSince, customerAddress, customerPhno, ...rest } = row;
  const {
    cardHolderName,
    cardLast4,
    cardExpMonth,
    cardExpYear,
    billingZip,
    earlierOrders,
    timeline,
    notes,
    apiJson,
    countryCode,
    ...order
  } = rest;
  const { proposal, shipment, delivery, feedback } = JSON.parse(apiJson) as Partial<AdminOrderDetails>;

  const events = await rowsOf(db, statusHistoryQuery(orderId));
  const statusHistory: StatusEvent[] = events.map((e) => ({
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
      changedAt: new Date(placedAt).toISOString(),
      adminEmail: null,
      reason: null,
    });
  }

  return {
    // The country code as getgifts answers it: left out when the customer gave none.
    orderDetails: {
      ...order,
      ...(countryCode && { countryCode }),
      statusHistory,
      proposal,
      shipment,
      delivery,
      feedback,
    },
    userDetails: {
      name: customerName,
      email: customerEmail,
      date: customerSince,
      address: customerAddress,
      phno: customerPhno,
      cardHolderName,
      cardNumber: maskCard(cardLast4),
      cvv: null,
      cardExpirationMonth: cardExpMonth,
      cardExpirationYear: cardExpYear,
      billingZipCode: billingZip,
    },
    earlierOrders: JSON.parse(earlierOrders) as GivenGift[],
    timeline: (JSON.parse(timeline) as TimelineRow[]).map(staffStep),
    notes: JSON.parse(notes) as OrderNote[],
  };
}

/** Why the workflow refuses from → to, in words an admin can act on. */
export function illegalMoveMessage(from: OrderStatus, to: OrderStatus): string {
  if (from === to) return `This order is already ${from}`;
  const allowed = STATUS_ACTIONS[from].map((a) => a.to);
  if (allowed.length === 0) return `A ${from} order cannot change status`;
  return `A ${from} order cannot be moved to ${to}; from ${from} it can only go to ${allowed.join(' or ')}`;
}

/**
 * A move an admin asks for: where to, the status the admin saw (optional), why (optional), and for a Finish what
 * it says about the delivery (optional).
 */
export interface StatusMove {
  to: OrderStatus;
  expectedFrom?: OrderStatus;
  reason?: string;
  delivery?: DeliveryInput;
}

const statusOf = (orderId: string) => qb.selectFrom('gift_orders').select('status').where('id', '=', orderId);

/**
 * The order workflow (docs/workflow.md), enforced: 404 for an unknown order, 409 for a move the table does
 * not allow, and 409 when two admins move the same order at once and the other one won. The customer's
 * email about the move is queued in the same transaction (for a Finish, the delivery's, journey/shipment.ts).
 */
export async function changeOrderStatus(
  db: Db,
  orderId: string,
  move: StatusMove,
  adminId: string,
  mail: CustomerMailSettings,
): Promise<OrderStatus> {
  if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND);
  const { to, expectedFrom, reason } = move;
  return db.transaction(async (tx) => {
    const [stored] = await rowsOf(tx, statusOf(orderId));
    if (!stored) throw notFound(ORDER_NOT_FOUND);
    const from = expectedFrom ?? stored.status;
    if (stored.status !== from) throw new HttpError(409, changedMeanwhile(stored.status));
    if (!canMove(from, to)) throw new HttpError(409, illegalMoveMessage(from, to));
    // Conditional on `from`: of two transactions that both read it, the second matches no row.
    if (!(await applyStatusChange(tx, orderId, from, { to, reason }, adminId))) {
      const [now] = await rowsOf(tx, statusOf(orderId));
      throw new HttpError(409, changedMeanwhile(now?.status));
    }
    // Leaving new, the order goes ahead as placed: a proposal the customer has not answered is withdrawn.
    if (from === 'new') await withdrawOpenProposals(tx, { orderId }, { actor: 'staff', adminId });
    // A Finish records the delivery, whose "Delivered" email replaces the generic one.
    if (to === 'finished') await recordDelivery(tx, orderId, move.delivery ?? {}, adminId, mail);
    else await queueOrderStatusEmail(tx, orderId, { status: to, reason }, mail);
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
  mail: CustomerMailSettings,
): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (const id of new Set(ids)) {
    try {
      await changeOrderStatus(db, id, move, adminId, mail);
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
