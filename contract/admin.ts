import { z } from 'zod';

import { deviceTokenField } from './auth';
import { isCalendarDate, passwordField, storable } from './fields';
import { giftProposal, journeyShape, shipment } from './journey';
import { ORDER_SEARCH_MAX, REASON_MAX } from './limits';
import { order } from './orders';
import { ORDER_STATUSES } from './orderStatus';
import { givenGift } from './people';
import { secondFactorCode } from './secondFactor';
import { deliveryFields } from './shipping';
import { orderNote, staffTimelineStep } from './timeline';

/** The admin area's calls (/api/admin/*, docs/api.md): one schema per request body, and the answers' shapes. */

const statusField = z.enum(ORDER_STATUSES, `Status must be one of ${ORDER_STATUSES.join(', ')}`);

/**
 * Admin emails: user@host, where host may be a bare name — the generated first admin is
 * admin@localhost, which a public-email check would refuse.
 */
export const adminEmailField = storable(
  z
    .string('Email must be a string')
    .trim()
    .max(254, 'Email is too long')
    .regex(/^[^\s@]+@[^\s@]+$/, 'Enter a valid email address'),
  'Email',
);

/** A new admin's password: the same rules as customer passwords. */
export const adminPasswordField = passwordField;

/** POST /api/admin/login. Like customer sign-in, it never reveals password rules. */
export const adminLoginBody = z.strictObject({
  email: adminEmailField,
  password: z.string('Password must be a string').min(1, 'Password is required').max(256, 'Password is too long'),
  /** The second factor (./secondFactor.ts): asked for by a 401 with `secondFactor: "totp"` when missing. */
  code: secondFactorCode.optional(),
});
export type AdminLoginBody = z.infer<typeof adminLoginBody>;

/** getOrders pages: without page/limit the answer is the first page of this many orders. */
export const ORDERS_PAGE_DEFAULT_LIMIT = 50;
export const ORDERS_PAGE_MAX_LIMIT = 100;
/** Far beyond any real list; keeps (page - 1) × limit a safe integer for the database. */
export const ORDERS_MAX_PAGE = 1_000_000;

/** How the admin's order list may be sorted; a leading "-" means descending. */
export const ORDER_SORTS = ['date', '-date', 'budget', '-budget', 'placed', '-placed'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
export const DEFAULT_ORDER_SORT: OrderSort = 'date';
/** Orders one bulk move may name. */
export const BULK_MAX_IDS = 100;

const deliveryDate = (name: string) =>
  z
    .string(`${name} must be a date written YYYY-MM-DD`)
    .refine(isCalendarDate, `${name} must be a real date written YYYY-MM-DD`);

/** The filters of the admin's order list, shared by getOrders and the CSV export. */
export const orderFilters = z.object({
  status: statusField,
  /**
   * A word anywhere in a recipient name, customer name or email (any case; one or two characters match from the
   * start), or an order id.
   */
  search: storable(
    z
      .string('search must be a string')
      .trim()
      .max(ORDER_SEARCH_MAX, `search must be at most ${ORDER_SEARCH_MAX} characters`),
    'search',
  ).optional(),
  from: deliveryDate('from').optional(),
  to: deliveryDate('to').optional(),
  sort: z.enum(ORDER_SORTS, `sort must be one of ${ORDER_SORTS.join(', ')}`).default(DEFAULT_ORDER_SORT),
});
export type OrderFilters = z.output<typeof orderFilters>;

const cursorField = z
  .string('cursor must be a string')
  .min(1, 'cursor must not be empty')
  .max(500, 'cursor is too long');

/**
 * POST /api/admin/getOrders. A client may send only `status` (the first page of 50, soonest delivery
 * first). `search`, `from`/`to` (delivery dates, inclusive) and `sort` narrow and order the list;
 * the next page is asked for with the answer's `nextCursor` (keyset paging, stable while orders move)
 * or, as before, with `page`.
 */
export const getOrdersBody = orderFilters
  .extend({
    page: z
      .int('page must be a whole number')
      .min(1, 'page must be 1 or more')
      .max(ORDERS_MAX_PAGE, `page must be at most ${ORDERS_MAX_PAGE}`)
      .optional(),
    limit: z
      .int('limit must be a whole number')
      .min(1, 'limit must be between 1 and 100')
      .max(ORDERS_PAGE_MAX_LIMIT, `limit must be between 1 and ${ORDERS_PAGE_MAX_LIMIT}`)
      .default(ORDERS_PAGE_DEFAULT_LIMIT),
    cursor: cursorField.optional(),
  })
  .strict()
  .refine((b) => !(b.cursor && b.page && b.page > 1), {
    message: 'Send either cursor or page, not both',
    path: ['cursor'],
  })
  .refine((b) => !(b.from && b.to && b.from > b.to), { message: 'from must be on or before to', path: ['from'] });
/** What a client sends (all but status optional). */
export type GetOrdersBody = z.input<typeof getOrdersBody>;

/**
 * GET /api/admin/orders.csv: the same filters as getOrders, as a query string. Without `status` it
 * exports every order, view after view (new, processed, finished, rejected).
 */
export const ordersCsvQuery = orderFilters
  .extend({ status: statusField.optional() })
  .strict()
  .refine((b) => !(b.from && b.to && b.from > b.to), {
    message: 'from must be on or before to',
    path: ['from'],
  });
export type OrdersCsvQuery = z.input<typeof ordersCsvQuery>;

/** POST /api/admin/getOrderDetails */
export const getOrderDetailsBody = z.strictObject({
  order_id: z.string('order_id must be a string').min(1, 'order_id is required').max(100, 'order_id is too long'),
});
export type GetOrderDetailsBody = z.infer<typeof getOrderDetailsBody>;

const reasonField = storable(
  z.string('reason must be a string').trim().max(REASON_MAX, `reason must be at most ${REASON_MAX} characters`),
  'reason',
)
  .optional()
  // A blank reason is no reason.
  .transform((r) => (r ? r : undefined));

/** The view (status) the admin saw an order in, sent with a move so that a stale screen cannot move it twice. */
const fromField = z.enum(ORDER_STATUSES, `from must be one of ${ORDER_STATUSES.join(', ')}`).optional();

/**
 * PUT /api/admin/updateGiftStatus/:id. `from` is optional (a client may send only status): the
 * status the admin saw. When given, the move happens only if the order is still in it, so two admins
 * acting on the same screen at once cannot both succeed. `reason` is kept in the order's history; on a
 * rejection the customer sees it on the order.
 */
export const updateOrderStatusBody = z
  .strictObject({
    status: statusField,
    from: fromField,
    reason: reasonField,
    // A Finish may say when the gift was delivered and add a note for the customer (./shipping.ts).
    ...deliveryFields,
  })
  .refine((b) => b.status === 'finished' || b.deliveredOn === undefined, {
    message: 'deliveredOn goes only with a Finish (status finished)',
    path: ['deliveredOn'],
  })
  .refine((b) => b.status === 'finished' || b.note === undefined, {
    message: 'note goes only with a Finish (status finished)',
    path: ['note'],
  });
export type UpdateOrderStatusBody = z.input<typeof updateOrderStatusBody>;

/**
 * POST /api/admin/bulkUpdateStatus: the same move for up to 100 orders, each on its own. `from` is the
 * view the admin chose them in, as for one order: an order that has left it since is refused and left
 * alone. Optional so that clients written before it still work; without it each order moves from
 * whatever status it is in now.
 */
export const bulkUpdateStatusBody = z.strictObject({
  ids: z
    .array(
      z.string('Each id must be a string').max(100, 'Each id must be at most 100 characters'),
      'ids must be a list of order ids',
    )
    .min(1, 'ids must name at least one order')
    .max(BULK_MAX_IDS, `ids may name at most ${BULK_MAX_IDS} orders`),
  status: statusField,
  from: fromField,
  reason: reasonField,
});
export type BulkUpdateStatusBody = z.input<typeof bulkUpdateStatusBody>;

/** What happened to one order of a bulk move: moved, or why not. */
export const bulkResult = z.object({ _id: z.string(), success: z.boolean(), error: z.string().optional() });
export type BulkResult = z.infer<typeof bulkResult>;
export const bulkUpdateStatusAnswer = z.object({ success: z.literal(true), results: z.array(bulkResult) });

/** GET /api/admin/orderCounts: how many orders each view holds. */
export const orderCountsAnswer = z.object({
  success: z.literal(true),
  counts: z.object({ new: z.int(), processed: z.int(), finished: z.int(), rejected: z.int() }),
});
export type OrderCounts = z.infer<typeof orderCountsAnswer>['counts'];

// POST /api/admin/getNotes uses getEnquiriesBody from ./notes.

/** getOrders → data[]: one line of the admin's order list. */
export const adminOrderListItem = z.object({
  _id: z.string(),
  recipientName: z.string(),
  budget: z.string(),
  date: z.string(),
  occasion: z.string(),
  status: z.enum(ORDER_STATUSES),
  customerName: z.string(),
  customerEmail: z.string(),
  /** ISO 8601: when the order entered its current status (placed, for a new order). */
  statusSince: z.string(),
  /** ISO 8601: when the customer placed the order. */
  placedAt: z.string(),
  /** The reason staff gave with the move into this status (a rejection's, shown in the Rejected view); absent if none. */
  statusReason: z.string().optional(),
  /** The open or last proposal (docs/workflow.md), absent until staff propose a gift. */
  proposal: giftProposal.pick({ title: true, price: true, state: true }).optional(),
  /** Absent until staff record the shipment. */
  shipment: shipment.optional(),
  /** YYYY-MM-DD: the day it was delivered, absent until then. */
  deliveredOn: z.string().optional(),
});
export type AdminOrderListItem = z.infer<typeof adminOrderListItem>;

/**
 * getOrders → one page of the orders of a status, soonest delivery date first (ties: oldest placed
 * first, then by id), so consecutive pages never repeat or skip an order while the list stands still.
 * `hasMore` says whether a next page exists.
 */
export const getOrdersAnswer = z.object({
  success: z.literal(true),
  data: z.array(adminOrderListItem),
  page: z.int().min(1).nullable(),
  limit: z.int().min(1).max(ORDERS_PAGE_MAX_LIMIT),
  hasMore: z.boolean(),
  /** Send it back as `cursor` for the next page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type GetOrdersAnswer = z.infer<typeof getOrdersAnswer>;

/** One entry of an order's status history. The first (fromStatus null) is the order being placed. */
export const statusEvent = z.object({
  fromStatus: z.enum(ORDER_STATUSES).nullable(),
  toStatus: z.enum(ORDER_STATUSES),
  /** ISO 8601 timestamp. */
  changedAt: z.string(),
  /** The admin who made the change; null for the customer placing the order (or a removed admin). */
  adminEmail: z.string().nullable(),
  /** Why, when the admin gave a reason (a rejection's is shown to the customer). */
  reason: z.string().nullable(),
});
export type StatusEvent = z.infer<typeof statusEvent>;

/**
 * getOrderDetails → orderDetails: every order field, its status, its status history (oldest first) and its journey
 * so far (contract/journey.ts), as the customer's card has it.
 */
export const adminOrderDetails = order.extend({ statusHistory: z.array(statusEvent), ...journeyShape });
export type AdminOrderDetails = z.infer<typeof adminOrderDetails>;

/**
 * getOrderDetails → userDetails: the customer's details shown to the admin. The card number comes
 * masked ("•••• 4242", or "" when no card is saved) and the CVV is never stored, so it is null.
 */
export const adminUserDetails = z.object({
  name: z.string(),
  email: z.string(),
  /** When the account was created, YYYY-MM-DD. */
  date: z.string(),
  address: z.string(),
  phno: z.string(),
  cardHolderName: z.string(),
  cardNumber: z.string(),
  cvv: z.null(),
  cardExpirationMonth: z.number().nullable(),
  cardExpirationYear: z.number().nullable(),
  billingZipCode: z.string(),
});
export type AdminUserDetails = z.infer<typeof adminUserDetails>;

/** GET /api/admin/check → the signed-in admin's email. */
export const adminCheckAnswer = z.object({
  success: z.literal(true),
  email: z.string().nullable(),
  /** The session opens only the second factor's enrolment (the admin has none yet). */
  enrolmentRequired: z.literal(true).optional(),
});

/** POST /api/admin/login → the token; `enrolmentRequired`: it opens only the enrolment of a second factor. */
export const adminLoginAnswer = z.object({
  success: z.literal(true),
  authtoken: z.string(),
  deviceToken: deviceTokenField,
  enrolmentRequired: z.literal(true).optional(),
});

/** The most earlier orders getOrderDetails lists. */
export const EARLIER_ORDERS_MAX = 20;

/**
 * POST /api/admin/getOrderDetails → the order and its customer, and the customer's orders placed before this one
 * for the same person (newest first, at most EARLIER_ORDERS_MAX), so staff do not send the same gift twice. The
 * same person: the same person record, or, where either order has none (placed from scratch, or before people
 * existed), the same recipient name ignoring case and surrounding spaces.
 */
export const orderDetailsAnswer = z.object({
  success: z.literal(true),
  orderDetails: adminOrderDetails,
  userDetails: adminUserDetails,
  earlierOrders: z.array(givenGift),
  /** The order's timeline with who acted, oldest first, and staff's internal notes, newest last. */
  timeline: z.array(staffTimelineStep),
  notes: z.array(orderNote),
});

/** PUT /api/admin/updateGiftStatus/:id → the move that was made. */
export const updateOrderStatusAnswer = z.object({
  success: z.literal(true),
  from: z.enum(ORDER_STATUSES),
  status: z.enum(ORDER_STATUSES),
});

/** How a saved card's last four digits are shown to staff. */
export const maskCard = (last4: string | null): string => (last4 ? `•••• ${last4}` : '');
