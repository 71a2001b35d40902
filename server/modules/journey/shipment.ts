import { sql, type InferResult } from 'kysely';

import type { Shipment } from '#contract/journey';
import type { RecordShipmentBody } from '#contract/shipping';

import type { Db, Queryable } from '../../db/db';
import { isUuid } from '../../db/pgChecks';
import { qb, rowsOf, run } from '../../db/queryBuilder';
import { HttpError, notFound } from '../../lib/errors';
import { enqueueMail, type CustomerMailSettings, type MailContent } from '../mail/mailQueue';
import { orderCardUrl, orderFeedbackUrl } from '../mail/siteLinks';
import { deliveredEmail, shippedEmail } from './journeyEmails';

/**
 * The shipment and the delivery of an order (docs/workflow.md, "The gift's journey"): staff record the shipment of a
 * processed order, and Finish (admin/orderMoves.ts) records the delivery. Each is written on the order's row, as an
 * order_events step with the admin, and emailed to the customer in the same transaction.
 */

const ORDER = 'Order';

/**
 * The earliest day anything can have happened to an order: the day it was placed, anywhere on Earth (UTC-12), so
 * staff west of UTC may record a same-day shipment of an order placed "tomorrow" in UTC.
 */
const placedDay = sql<string>`to_char(o.created_at at time zone 'UTC' - interval '12 hours', 'YYYY-MM-DD')`;

/** The order, locked for the rest of the transaction, with what its customer's journey emails need. */
const lockedOrder = (orderId: string) =>
  qb
    .selectFrom('gift_orders as o')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .select([
      'o.status',
      'o.recipient_name',
      'o.occasion',
      sql<string>`o.date::text`.as('date'),
      placedDay.as('placed_day'),
      'o.shipped_carrier',
      'o.shipped_tracking_number',
      'o.shipped_tracking_url',
      sql<string | null>`o.shipped_on::text`.as('shipped_on'),
      'u.id as user_id',
      'u.name as customer_name',
      'u.order_emails',
      // The customer's today, for a delivery recorded without a day (UTC for an order kept after erasure).
      sql<string>`to_char(now() at time zone coalesce(u.time_zone, 'UTC'), 'YYYY-MM-DD')`.as('customer_today'),
    ])
    .where('o.id', '=', orderId)
    .forUpdate('o');

type LockedOrder = InferResult<ReturnType<typeof lockedOrder>>[number];

/** Queues a journey email to the order's customer, unless they turned order emails off (or the order has none). */
async function queueJourneyEmail(
  tx: Queryable,
  order: LockedOrder,
  dailyLimit: number,
  content: MailContent,
): Promise<void> {
  if (!order.user_id || !order.order_emails) return;
  await enqueueMail(tx, { account: order.user_id, kind: 'orderJourney', dailyLimit }, content);
}

const orderFacts = (order: LockedOrder, orderId: string, publicUrl: string) => ({
  customerName: order.customer_name ?? '',
  recipientName: order.recipient_name,
  occasion: order.occasion,
  date: order.date,
  orderUrl: orderCardUrl(publicUrl, orderId),
  publicUrl,
});

const notBefore = (field: string, day: string, earliest: string, what: string) => {
  if (day < earliest) throw new HttpError(400, `${field} must not be before ${what} (${earliest})`);
};

const onlyProcessed = (status: string) =>
  `Only a processed order can be shipped; this one is ${status}. Reload it and try again.`;

/**
 * Records (or corrects) the shipment of a processed order. The same shipment sent again changes nothing. The
 * customer is emailed the first time, and again only when a correction changes the tracking number or address
 * (the link they hold); a corrected carrier name or day alone is recorded without an email (docs/decisions).
 */
export async function recordShipment(
  db: Db,
  orderId: string,
  input: RecordShipmentBody,
  adminId: string,
  { publicUrl, dailyLimit }: CustomerMailSettings,
): Promise<Shipment> {
  if (!isUuid(orderId)) throw notFound(ORDER);
  const next: Shipment = {
    carrier: input.carrier,
    trackingNumber: input.trackingNumber,
    trackingUrl: input.trackingUrl,
    shippedOn: input.shippedOn,
  };
  return db.transaction(async (tx) => {
    // Locked: a Finish or another admin's shipment waits for this one, then sees what it wrote.
    const [order] = await rowsOf(tx, lockedOrder(orderId));
    if (!order) throw notFound(ORDER);
    if (order.status !== 'processed') throw new HttpError(409, onlyProcessed(order.status));
    if (input.replacing !== undefined && input.replacing !== order.shipped_tracking_number) {
      throw new HttpError(
        409,
        'Someone else recorded the shipment of this order meanwhile. Reload it and check it before correcting it.',
      );
    }
    notBefore('shippedOn', next.shippedOn, order.placed_day, 'the day the order was placed');

    const before = order.shipped_on
      ? {
          carrier: order.shipped_carrier ?? '',
          trackingNumber: order.shipped_tracking_number ?? '',
          trackingUrl: order.shipped_tracking_url ?? '',
          shippedOn: order.shipped_on,
        }
      : null;
    if (before && JSON.stringify(before) === JSON.stringify(next)) return next;

    await run(
      tx,
      qb
        .with('shipped', (q) =>
          q
            .updateTable('gift_orders')
            .set({
              shipped_carrier: next.carrier,
              shipped_tracking_number: next.trackingNumber,
              shipped_tracking_url: next.trackingUrl,
              shipped_on: next.shippedOn,
              updated_at: sql`now()`,
            })
            .where('id', '=', orderId)
            .returning('id'),
        )
        .insertInto('order_events')
        .columns(['order_id', 'kind', 'actor', 'admin_id', 'detail'])
        .expression((eb) =>
          eb
            .selectFrom('shipped')
            .select([
              'id',
              sql.lit('shipped').as('kind'),
              sql.lit('staff').as('actor'),
              sql`${adminId}::uuid`.as('admin_id'),
              sql`${JSON.stringify({ ...next, ...(before && { correction: true }) })}::jsonb`.as('detail'),
            ]),
        ),
    );

    const linkChanged =
      !before || before.trackingNumber !== next.trackingNumber || before.trackingUrl !== next.trackingUrl;
    if (linkChanged) {
      await queueJourneyEmail(
        tx,
        order,
        dailyLimit,
        shippedEmail({ ...orderFacts(order, orderId, publicUrl), ...next }),
      );
    }
    return next;
  });
}

/** What a Finish says about the delivery (contract/shipping.ts deliveryFields). */
export interface DeliveryInput {
  deliveredOn?: string;
  note?: string;
}

/**
 * Records the delivery of an order Finish has just moved, in its transaction: the day (the customer's today when
 * not given, or the day it shipped if later; not before it shipped, nor before it was placed), the note, an order_events 'delivered' step, and the
 * customer's "Delivered" email with the link to say how it went. That email replaces the generic "finished"
 * status email: one email for one event.
 */
export async function recordDelivery(
  tx: Queryable,
  orderId: string,
  input: DeliveryInput,
  adminId: string,
  { publicUrl, dailyLimit }: CustomerMailSettings,
): Promise<void> {
  const [order] = await rowsOf(tx, lockedOrder(orderId));
  if (!order) throw notFound(ORDER);
  // Left out: the customer's today, or the day it shipped when that is later where the customer is (staff east of
  // them may ship on what is still tomorrow there).
  const shipped = order.shipped_on;
  const deliveredOn = input.deliveredOn ?? (shipped && shipped > order.customer_today ? shipped : order.customer_today);
  if (order.shipped_on) notBefore('deliveredOn', deliveredOn, order.shipped_on, 'the day it shipped');
  else notBefore('deliveredOn', deliveredOn, order.placed_day, 'the day the order was placed');
  const note = input.note ?? null;

  await run(
    tx,
    qb
      .with('delivered', (q) =>
        q
          .updateTable('gift_orders')
          .set({ delivered_on: deliveredOn, delivery_note: note })
          .where('id', '=', orderId)
          .returning('id'),
      )
      .insertInto('order_events')
      .columns(['order_id', 'kind', 'actor', 'admin_id', 'detail'])
      .expression((eb) =>
        eb
          .selectFrom('delivered')
          .select([
            'id',
            sql.lit('delivered').as('kind'),
            sql.lit('staff').as('actor'),
            sql`${adminId}::uuid`.as('admin_id'),
            sql`${JSON.stringify({ deliveredOn, ...(note && { note }) })}::jsonb`.as('detail'),
          ]),
      ),
  );

  await queueJourneyEmail(
    tx,
    order,
    dailyLimit,
    deliveredEmail({
      ...orderFacts(order, orderId, publicUrl),
      deliveredOn,
      ...(note && { note }),
      feedbackUrl: orderFeedbackUrl(publicUrl, orderId),
    }),
  );
}
