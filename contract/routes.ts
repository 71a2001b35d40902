import type { Route } from './route';

/**
 * The route table: each API call's method, path and the token it needs, one export per call, named for what it
 * does. The one place a URL is written; the URLs keep the spec's names (an order is a "gift" and an enquiry a
 * "note" there). What each call takes and answers is in ./api.ts, under the same name.
 *
 * Free of zod, and one export per call, so that the SPA's chunks carry only the entries they use (import it as
 * `* as routes`). The six the shell sends before any screen has loaded live in ./shellRoutes.ts.
 */

export { adminCheck, checkAuth, getOrders, getUpcoming, isProfileFilled, signOut } from './shellRoutes';

// Customer accounts.
export const signUp = { method: 'POST', path: '/api/auth/createUser', auth: 'none' } as const satisfies Route;
export const signIn = { method: 'POST', path: '/api/auth/loginuser', auth: 'none' } as const satisfies Route;
export const forgotPassword = {
  method: 'POST',
  path: '/api/auth/forgot-password',
  auth: 'none',
} as const satisfies Route;
export const resetPassword = {
  method: 'POST',
  path: '/api/auth/reset-password',
  auth: 'none',
} as const satisfies Route;
export const getUserDetails = {
  method: 'GET',
  path: '/api/auth/getUserDetails',
  auth: 'customer',
} as const satisfies Route;
export const updateUser = { method: 'PUT', path: '/api/auth/updateUser', auth: 'customer' } as const satisfies Route;

// Enquiries (public intake).
export const addEnquiry = { method: 'POST', path: '/api/auth/putNote', auth: 'none' } as const satisfies Route;

// A customer's orders.
export const addOrder = { method: 'POST', path: '/api/gifts/addgift', auth: 'customer' } as const satisfies Route;
export const updateOrder = {
  method: 'PUT',
  path: '/api/gifts/updateGift/:id',
  auth: 'customer',
} as const satisfies Route;
export const deleteOrder = {
  method: 'DELETE',
  path: '/api/gifts/deleteGift/:id',
  auth: 'customer',
} as const satisfies Route;

// Occasions, preferences, the calendar feed and reminder unsubscribe.
export const listOccasions = { method: 'GET', path: '/api/occasions', auth: 'customer' } as const satisfies Route;
export const addOccasion = { method: 'POST', path: '/api/occasions', auth: 'customer' } as const satisfies Route;
export const updateOccasion = { method: 'PUT', path: '/api/occasions/:id', auth: 'customer' } as const satisfies Route;
export const deleteOccasion = {
  method: 'DELETE',
  path: '/api/occasions/:id',
  auth: 'customer',
} as const satisfies Route;
export const getPreferences = {
  method: 'GET',
  path: '/api/auth/preferences',
  auth: 'customer',
} as const satisfies Route;
export const updatePreferences = {
  method: 'PUT',
  path: '/api/auth/preferences',
  auth: 'customer',
} as const satisfies Route;
export const getCalendarUrl = { method: 'GET', path: '/api/calendar', auth: 'customer' } as const satisfies Route;
export const rotateCalendarUrl = {
  method: 'POST',
  path: '/api/calendar/rotate',
  auth: 'customer',
} as const satisfies Route;
export const calendarFeed = { method: 'GET', path: '/api/calendar/:file', auth: 'none' } as const satisfies Route;
export const unsubscribePage = {
  method: 'GET',
  path: '/api/reminders/unsubscribe/:token',
  auth: 'none',
} as const satisfies Route;
export const unsubscribeReminders = {
  method: 'POST',
  path: '/api/reminders/unsubscribe/:token',
  auth: 'none',
} as const satisfies Route;

// The admin area.
export const adminLogin = { method: 'POST', path: '/api/admin/login', auth: 'none' } as const satisfies Route;
export const adminLogout = { method: 'POST', path: '/api/admin/logout', auth: 'admin' } as const satisfies Route;
export const getAdminOrders = { method: 'POST', path: '/api/admin/getOrders', auth: 'admin' } as const satisfies Route;
export const getOrderDetails = {
  method: 'POST',
  path: '/api/admin/getOrderDetails',
  auth: 'admin',
} as const satisfies Route;
export const updateOrderStatus = {
  method: 'PUT',
  path: '/api/admin/updateGiftStatus/:id',
  auth: 'admin',
} as const satisfies Route;
export const bulkUpdateStatus = {
  method: 'POST',
  path: '/api/admin/bulkUpdateStatus',
  auth: 'admin',
} as const satisfies Route;
export const getOrderCounts = { method: 'GET', path: '/api/admin/orderCounts', auth: 'admin' } as const satisfies Route;
export const ordersCsv = { method: 'GET', path: '/api/admin/orders.csv', auth: 'admin' } as const satisfies Route;
export const getEnquiries = { method: 'POST', path: '/api/admin/getNotes', auth: 'admin' } as const satisfies Route;
export const getEnquiryCounts = {
  method: 'GET',
  path: '/api/admin/noteCounts',
  auth: 'admin',
} as const satisfies Route;

// The OpenAPI document of all of the above.
export const apiDocs = { method: 'GET', path: '/api/docs', auth: 'none' } as const satisfies Route;
