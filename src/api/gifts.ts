import type { GiftOrder, GiftOrderInput } from '#contract/gifts';
import { type ApiAnswer, request } from './client';

/** SPEC.md §7 gift calls, one function each. */

/** The caller's orders (spec §7: the answer is the array itself), or a refusal. */
export const getGifts = () => request<GiftOrder[] | { success: false; error?: string }>('/api/gifts/getgifts', { auth: 'customer' });

export const addGift = (order: GiftOrderInput) =>
  request<ApiAnswer<{ _id: string }>>('/api/gifts/addgift', { method: 'POST', auth: 'customer', body: order });

/** Sends the whole order (spec §7); the status is never sent. */
export const updateGift = (id: string, order: GiftOrderInput & { _id?: string }) =>
  request<ApiAnswer>(`/api/gifts/updateGift/${encodeURIComponent(id)}`, { method: 'PUT', auth: 'customer', body: order });

export const deleteGift = (id: string) =>
  request<ApiAnswer>(`/api/gifts/deleteGift/${encodeURIComponent(id)}`, { method: 'DELETE', auth: 'customer' });
