import { z } from 'zod';

import { passwordField } from './fields';
import { giftOrder } from './gifts';
import { ORDER_STATUSES } from './orderStatus';

/** The admin area's calls (/api/admin/*, docs/api.md): one schema per request body, and the answers' shapes. */

const statusField = z.enum(ORDER_STATUSES, `Status must be one of ${ORDER_STATUSES.join(', ')}`);

/**
 * Admin emails: user@host, where host may be a bare name — the generated first admin is
 * admin@localhost, which a public-email check would refuse.
 */
export const adminEmailField = z
  .string('Email must be a string')
  .trim()
  .max(254, 'Email is too long')
  .regex(/^[^\s@]+@[^\s@]+$/, 'Enter a valid email address');

/** A new admin's password: the same rules as customer passwords. */
export const adminPasswordField = passwordField;

/** POST /api/admin/login. Like customer sign-in, it never reveals password rules. */
export const adminLoginBody = z.strictObject({
  email: adminEmailField,
  password: z.string('Password must be a string').min(1, 'Password is required').max(256, 'Password is too long'),
});
export type AdminLoginBody = z.infer<typeof adminLoginBody>;

/** getOrders pages: without page/limit the answer is the first page of this many orders. */
export const ORDERS_PAGE_DEFAULT_LIMIT = 50;
export const ORDERS_PAGE_MAX_LIMIT = 100;
/** Far beyond any real list; keeps (page - 1) × limit a safe integer for the database. */
export const ORDERS_MAX_PAGE = 1_000_000;

/**
 * POST /api/admin/getOrders. A client may send only `status`; `page` (from 1) and `limit` (1–100)
 * are optional and default to the first page of 50.
 */
export const getOrdersBody = z.strictObject({
  status: statusField,
  page: z
    .int('page must be a whole number')
    .min(1, 'page must be 1 or more')
    .max(ORDERS_MAX_PAGE, `page must be at most ${ORDERS_MAX_PAGE}`)
    .default(1),
  limit: z
    .int('limit must be a whole number')
    .min(1, 'limit must be between 1 and 100')
    .max(ORDERS_PAGE_MAX_LIMIT, `limit must be between 1 and ${ORDERS_PAGE_MAX_LIMIT}`)
    .default(ORDERS_PAGE_DEFAULT_LIMIT),
});
/** What a client sends (page and limit optional). */
export type GetOrdersBody = z.input<typeof getOrdersBody>;

/** POST /api/admin/getOrderDetails */
export const getOrderDetailsBody = z.strictObject({
  order_id: z.string('order_id must be a string').min(1, 'order_id is required').max(100, 'order_id is too long'),
});
export type GetOrderDetailsBody = z.infer<typeof getOrderDetailsBody>;

/**
 * PUT /api/admin/updateGiftStatus/:id. `from` is optional (a client may send only status): the
 * status the admin saw. When given, the move happens only if the order is still in it, so two admins
 * acting on the same screen at once cannot both succeed.
 */
export const updateGiftStatusBody = z.strictObject({
  status: statusField,
  from: z.enum(ORDER_STATUSES, `from must be one of ${ORDER_STATUSES.join(', ')}`).optional(),
});
export type UpdateGiftStatusBody = z.infer<typeof updateGiftStatusBody>;

// POST /api/admin/getNotes uses getNotesBody from ./notes.

/** getOrders → data[]: one line of the admin's order list. */
export const adminOrderListItem = z.object({
  _id: z.string(),
  recipientName: z.string(),
  budget: z.string(),
  date: z.string(),
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
  page: z.int().min(1),
  limit: z.int().min(1).max(ORDERS_PAGE_MAX_LIMIT),
  hasMore: z.boolean(),
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
});
export type StatusEvent = z.infer<typeof statusEvent>;

/** getOrderDetails → orderDetails: every order field, its status and its status history (oldest first). */
export const adminOrderDetails = giftOrder.extend({ statusHistory: z.array(statusEvent) });
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
export const adminCheckAnswer = z.object({ success: z.literal(true), email: z.string().nullable() });

/** POST /api/admin/getOrderDetails → the order and its customer. */
export const orderDetailsAnswer = z.object({
  success: z.literal(true),
  orderDetails: adminOrderDetails,
  userDetails: adminUserDetails,
});

/** PUT /api/admin/updateGiftStatus/:id → the move that was made. */
export const updateGiftStatusAnswer = z.object({
  success: z.literal(true),
  from: z.enum(ORDER_STATUSES),
  status: z.enum(ORDER_STATUSES),
});

/** How a saved card's last four digits are shown to staff. */
export const maskCard = (last4: string | null): string => (last4 ? `•••• ${last4}` : '');
