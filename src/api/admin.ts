import type {
  AdminLoginBody,
  AdminOrderDetails,
  AdminOrderListItem,
  AdminUserDetails,
  GetOrdersBody,
} from '#contract/admin';
import type { EnquiryType, Note } from '#contract/notes';
import type { OrderStatus } from '#contract/orderStatus';

import { request, requestAnswered, type ApiAnswer } from './client';

/** The admin calls (docs/api.md, "Admin area"), one function each. All but login send the admin token (authtoken_admin). */

export const adminLogin = (body: AdminLoginBody) =>
  request<ApiAnswer<{ authtoken: string }>>('/api/admin/login', { method: 'POST', body });

export const adminLogout = () => request<ApiAnswer>('/api/admin/logout', { method: 'POST', auth: 'admin' });

/** Answered with its status: only the server's refusal of the session may drop the token (see session.ts). */
export const adminCheck = () =>
  requestAnswered<ApiAnswer<{ email?: string | null }>>('/api/admin/check', {
    auth: 'admin',
    init: { cache: 'no-store', referrerPolicy: 'no-referrer' },
  });

/**
 * One page of the orders of a status (the server's default size). The first page is asked for with
 * `{status}` alone, the plain form every client may send; `hasMore` is absent from a server without paging.
 */
export const getOrders = (status: OrderStatus, page = 1) =>
  request<ApiAnswer<{ data: AdminOrderListItem[]; page?: number; limit?: number; hasMore?: boolean }>>(
    '/api/admin/getOrders',
    {
      method: 'POST',
      auth: 'admin',
      body: (page > 1 ? { status, page } : { status }) satisfies GetOrdersBody,
    },
  );

export const getOrderDetails = (orderId: string) =>
  request<ApiAnswer<{ orderDetails: AdminOrderDetails; userDetails: AdminUserDetails }>>('/api/admin/getOrderDetails', {
    method: 'POST',
    auth: 'admin',
    body: { order_id: orderId },
  });

/** `from` is the status the admin saw: the server refuses the move if someone changed it meanwhile. */
export const updateGiftStatus = (orderId: string, status: OrderStatus, from?: OrderStatus) =>
  request<ApiAnswer>(`/api/admin/updateGiftStatus/${encodeURIComponent(orderId)}`, {
    method: 'PUT',
    auth: 'admin',
    body: from ? { status, from } : { status },
  });

export const getNotes = (type: EnquiryType) =>
  request<ApiAnswer<{ data: Note[] }>>('/api/admin/getNotes', { method: 'POST', auth: 'admin', body: { type } });
