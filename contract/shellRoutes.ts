import type { Route } from './route';

/**
 * The calls the SPA's shell sends before any screen's code has loaded (the session checks, signing out, the
 * orders route's opening reads): part of the route table (./routes.ts, which re-exports them), kept in a module of
 * their own so that the first download carries these six and not the whole table, as with ./shellMessages.ts.
 */

export const signOut = { method: 'POST', path: '/api/auth/logout', auth: 'customer' } as const satisfies Route;
export const checkAuth = { method: 'GET', path: '/api/auth/check', auth: 'customer' } as const satisfies Route;
export const isProfileFilled = {
  method: 'GET',
  path: '/api/auth/isProfileFilled',
  auth: 'customer',
} as const satisfies Route;
export const getOrders = { method: 'GET', path: '/api/gifts/getgifts', auth: 'customer' } as const satisfies Route;
export const getUpcoming = {
  method: 'GET',
  path: '/api/occasions/upcoming',
  auth: 'customer',
} as const satisfies Route;
export const adminCheck = { method: 'GET', path: '/api/admin/check', auth: 'admin' } as const satisfies Route;
