import type { CustomerOrder, GiftOrderInput } from '#contract/gifts';

import { request, type ApiAnswer } from './client';

/** The gift-order calls (docs/api.md), one function each. */

/** The caller's orders (the answer is the array itself), or a refusal. */
export const getGifts = () =>
  request<CustomerOrder[] | { success: false; error?: string }>('/api/gifts/getgifts', { auth: 'customer' });

export const addGift = (order: GiftOrderInput) =>
  request<ApiAnswer<{ _id: string }>>('/api/gifts/addgift', { method: 'POST', auth: 'customer', body: order });

/** Sends the whole order; the status is never sent. */
export const updateGift = (id: string, order: GiftOrderInput & { _id?: string }) =>
  request<ApiAnswer>(`/api/gifts/updateGift/${encodeURIComponent(id)}`, {
    method: 'PUT',
    auth: 'customer',
    body: order,
  });

export const deleteGift = (id: string) =>
  request<ApiAnswer>(`/api/gifts/deleteGift/${encodeURIComponent(id)}`, { method: 'DELETE', auth: 'customer' });
