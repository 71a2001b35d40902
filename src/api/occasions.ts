import type { Occasion, OccasionInput, UpcomingOccurrence } from '#contract/occasions';

import { request, type ApiAnswer } from './client';

/** The occasion calls (docs/api.md), one function each. */

export const listOccasions = () => request<ApiAnswer<{ data: Occasion[] }>>('/api/occasions', { auth: 'customer' });

export const addOccasion = (occasion: OccasionInput) =>
  request<ApiAnswer<{ _id: string }>>('/api/occasions', { method: 'POST', auth: 'customer', body: occasion });

/** Sends the whole occasion. */
export const updateOccasion = (id: string, occasion: OccasionInput) =>
  request<ApiAnswer>(`/api/occasions/${encodeURIComponent(id)}`, { method: 'PUT', auth: 'customer', body: occasion });

export const deleteOccasion = (id: string) =>
  request<ApiAnswer>(`/api/occasions/${encodeURIComponent(id)}`, { method: 'DELETE', auth: 'customer' });

/** The occurrences of the next `days` days, soonest first, each with the order covering it (or null). */
export const getUpcoming = (days: number) =>
  request<ApiAnswer<{ data: UpcomingOccurrence[] }>>(`/api/occasions/upcoming?days=${days}`, { auth: 'customer' });
