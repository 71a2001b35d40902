import type { Preferences } from '#contract/preferences';

import { request, type ApiAnswer } from './client';

/** Preferences and the calendar feed (docs/api.md), one function each. */

export const getPreferences = () => request<ApiAnswer<Preferences>>('/api/auth/preferences', { auth: 'customer' });

export const updatePreferences = (changes: Partial<Preferences>) =>
  request<ApiAnswer<Preferences>>('/api/auth/preferences', { method: 'PUT', auth: 'customer', body: changes });

export const getCalendarUrl = () => request<ApiAnswer<{ url: string }>>('/api/calendar', { auth: 'customer' });

export const rotateCalendarUrl = () =>
  request<ApiAnswer<{ url: string }>>('/api/calendar/rotate', { method: 'POST', auth: 'customer' });
