import type {
  AdminLoginBody,
  AdminOrderDetails,
  AdminOrderListItem,
  AdminUserDetails,
  BulkResult,
  BulkUpdateStatusBody,
  GetOrdersBody,
  OrderCounts,
  OrdersCsvQuery,
} from '#contract/admin';
import type { EnquiryType, Note, NoteCounts } from '#contract/enquiries';
import { AUTH_HEADER } from '#contract/http';
import type { OrderStatus } from '#contract/orderStatus';
import { SHELL_MESSAGES } from '#contract/shellMessages';
import { getToken } from '@/lib/storage';

import { apiUrl, NetworkError, request, type ApiAnswer } from './client';

/** The admin calls (docs/api.md, "Admin area"), one function each. All but login send the admin token (authtoken_admin). */

export const adminLogin = (body: AdminLoginBody) =>
  request<ApiAnswer<{ authtoken: string }>>('/api/admin/login', { method: 'POST', body });

export const adminLogout = () => request<ApiAnswer>('/api/admin/logout', { method: 'POST', auth: 'admin' });

/** What narrows and orders the admin's list (all but status optional; see the contract's orderFilters). */
export type OrderQuery = Omit<OrdersCsvQuery, 'status'> & { status: OrderStatus };

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
export const getOrders = (query: OrderQuery, cursor?: string) =>
  request<
    ApiAnswer<{ data: AdminOrderListItem[]; page?: number | null; hasMore?: boolean; nextCursor?: string | null }>
  >('/api/admin/getOrders', {
    method: 'POST',
    auth: 'admin',
    body: (cursor ? { ...filtersOf(query), cursor } : filtersOf(query)) satisfies GetOrdersBody,
  });

export const getOrderCounts = () =>
  request<ApiAnswer<{ counts: OrderCounts }>>('/api/admin/orderCounts', { auth: 'admin', init: { cache: 'no-store' } });

/** The same move for several orders; the answer says per order what happened. */
export const bulkUpdateStatus = (body: BulkUpdateStatusBody) =>
  request<ApiAnswer<{ results: BulkResult[] }>>('/api/admin/bulkUpdateStatus', { method: 'POST', auth: 'admin', body });

/** The address of the CSV export of every order of a view, search and range (not only the page shown). */
export function ordersCsvPath(query: OrderQuery): string {
  const params = new URLSearchParams(Object.entries(filtersOf(query)) as [string, string][]);
  return `/api/admin/orders.csv?${params.toString()}`;
}

/**
 * Downloads the CSV export as a file. It is fetched (the admin token goes in a header, never in an
 * address) and handed to the browser as a Blob. Answers the server's error text when it refuses.
 */
export async function downloadOrdersCsv(
  query: OrderQuery,
): Promise<{ ok: true; filename: string; blob: Blob } | { ok: false; error: string }> {
  let response: Response;
  try {
    response = await fetch(apiUrl(ordersCsvPath(query)), { headers: { [AUTH_HEADER]: getToken('admin') ?? '' } });
  } catch (err) {
    throw new NetworkError(SHELL_MESSAGES.serverUnreachable, { cause: err });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    return { ok: false, error: body?.error ?? `The server answered ${response.status}` };
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `orders-${query.status}.csv`;
  return { ok: true, filename, blob: await response.blob() };
}

export const getOrderDetails = (orderId: string) =>
  request<ApiAnswer<{ orderDetails: AdminOrderDetails; userDetails: AdminUserDetails }>>('/api/admin/getOrderDetails', {
    method: 'POST',
    auth: 'admin',
    body: { order_id: orderId },
  });

/**
 * `from` is the status the admin saw: the server refuses the move if someone changed it meanwhile.
 * `reason` (a rejection's is shown to the customer) is sent only when given.
 */
export const updateGiftStatus = (orderId: string, status: OrderStatus, from?: OrderStatus, reason?: string) =>
  request<ApiAnswer>(`/api/admin/updateGiftStatus/${encodeURIComponent(orderId)}`, {
    method: 'PUT',
    auth: 'admin',
    body: { status, ...(from && { from }), ...(reason?.trim() && { reason: reason.trim() }) },
  });

/** The newest enquiries of a type; `cursor` (the previous answer's nextCursor) asks for the older ones after them. */
export const getNotes = (type: EnquiryType, cursor?: string) =>
  request<ApiAnswer<{ data: Note[]; nextCursor?: string | null }>>('/api/admin/getNotes', {
    method: 'POST',
    auth: 'admin',
    body: cursor ? { type, cursor } : { type },
  });

export const getNoteCounts = () =>
  request<ApiAnswer<{ counts: NoteCounts }>>('/api/admin/noteCounts', { auth: 'admin', init: { cache: 'no-store' } });
