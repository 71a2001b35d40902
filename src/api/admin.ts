import type { BodyOf, RequestOf } from '#contract/api';
import type { EnquiryType } from '#contract/enquiries';
import type { OrderStatus } from '#contract/orderStatus';
import * as routes from '#contract/routes';

import { addressOf, call } from './client';
import type { DeviceCalls } from './devices';
import { downloadFile, type Downloaded } from './download';

/** The admin calls (docs/api.md, "Admin area"), one function each. All but login send the admin token (authtoken_admin). */

export const adminLogin = (body: BodyOf<'adminLogin'>) => call(routes.adminLogin, { body });

export const adminLogout = () => call(routes.adminLogout);

/** What narrows and orders the admin's list (all but status optional; see the contract's orderFilters). */
export type OrderQuery = Omit<NonNullable<RequestOf<'ordersCsv'>['query']>, 'status'> & { status: OrderStatus };

/** Leaves out empty filters, so the plain first page is asked for with `{status}` alone, as every client may. */
function filtersOf(query: OrderQuery): OrderQuery {
  const filters: OrderQuery = { status: query.status };
  if (query.search?.trim()) filters.search = query.search.trim();
  if (query.from) filters.from = query.from;
  if (query.to) filters.to = query.to;
  if (query.sort && query.sort !== 'date') filters.sort = query.sort;
  return filters;
}

/**
 * One page of the orders of a view (the server's default size): the first without `cursor`, the next
 * with the previous answer's `nextCursor`. `hasMore` and `nextCursor` are absent from a server without paging.
 */
export const getAdminOrders = (query: OrderQuery, cursor?: string) =>
  call(routes.getAdminOrders, { body: cursor ? { ...filtersOf(query), cursor } : filtersOf(query) });

export const getOrderCounts = () => call(routes.getOrderCounts, {}, { init: { cache: 'no-store' } });

/** The same move for several orders; the answer says per order what happened. */
export const bulkUpdateStatus = (body: BodyOf<'bulkUpdateStatus'>) => call(routes.bulkUpdateStatus, { body });

/** The address of the CSV export of every order of a view, search and range (not only the page shown). */
export const ordersCsvPath = (query: OrderQuery): string => addressOf(routes.ordersCsv, { query: filtersOf(query) });

/**
 * Downloads the CSV export as a file. It is fetched (the admin token goes in a header, never in an
 * address) and handed to the browser as a Blob. Answers the server's error text when it refuses.
 */
export const downloadOrdersCsv = (query: OrderQuery): Promise<Downloaded> =>
  downloadFile(ordersCsvPath(query), 'admin', `orders-${query.status}.csv`);

export const getOrderDetails = (orderId: string) => call(routes.getOrderDetails, { body: { order_id: orderId } });

/**
 * `from` is the status the admin saw: the server refuses the move if someone changed it meanwhile.
 * `reason` (a rejection's is shown to the customer) is sent only when given.
 */
export const updateOrderStatus = (orderId: string, status: OrderStatus, from?: OrderStatus, reason?: string) =>
  call(routes.updateOrderStatus, {
    params: { id: orderId },
    body: { status, ...(from && { from }), ...(reason?.trim() && { reason: reason.trim() }) },
  });

/** The newest enquiries of a type; `cursor` (the previous answer's nextCursor) asks for the older ones after them. */
export const getEnquiries = (type: EnquiryType, cursor?: string) =>
  call(routes.getEnquiries, { body: cursor ? { type, cursor } : { type } });

export const getEnquiryCounts = () => call(routes.getEnquiryCounts, {}, { init: { cache: 'no-store' } });

/** Erases a customer's account on their request (docs/privacy.md): their orders stay without their data. */
export const eraseCustomer = (email: string) => call(routes.eraseCustomer, { body: { email } });

/** The admin's own signed-in devices (src/components/devices/SignedInDevices.tsx). */
export const adminDevices: DeviceCalls = {
  list: () => call(routes.listAdminSessions),
  endOne: (id) => call(routes.endAdminSession, { params: { id } }),
  endOthers: () => call(routes.endOtherAdminSessions),
};

/** The signed-in admin's new password; their other sessions end. */
export const changeAdminPassword = (body: BodyOf<'changeAdminPassword'>) => call(routes.changeAdminPassword, { body });
