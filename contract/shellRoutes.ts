import { route } from './route';

/**
 * The calls the SPA's shell sends before any screen's code has loaded (the session checks, signing out, the
 * orders route's opening reads): part of the route table (./routes.ts, which re-exports them), kept in a module of
 * their own so that the first download carries these six and not the whole table, as with ./shellMessages.ts.
 */

export const signOut = route('POST', '/api/auth/logout', 'customer');
export const checkAuth = route('GET', '/api/auth/check', 'customer');
export const isProfileFilled = route('GET', '/api/auth/isProfileFilled', 'customer');
export const getOrders = route('GET', '/api/gifts/getgifts', 'customer');
export const getUpcoming = route('GET', '/api/occasions/upcoming', 'customer');
export const adminCheck = route('GET', '/api/admin/check', 'admin');
