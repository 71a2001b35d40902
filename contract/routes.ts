import { route } from './route';

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
export const signUp = route('POST', '/api/auth/createUser', 'none');
export const signIn = route('POST', '/api/auth/loginuser', 'none');
export const forgotPassword = route('POST', '/api/auth/forgot-password', 'none');
export const resetPassword = route('POST', '/api/auth/reset-password', 'none');
export const getUserDetails = route('GET', '/api/auth/getUserDetails', 'customer');
export const updateUser = route('PUT', '/api/auth/updateUser', 'customer');
// The customer's own data: a copy of all of it, and erasing the account.
export const exportMyData = route('GET', '/api/auth/export', 'customer');
export const deleteAccount = route('DELETE', '/api/auth/account', 'customer');

// Email verification and what mail reaches the customer.
export const verifyEmail = route('POST', '/api/auth/verify-email', 'none');
export const resendVerification = route('POST', '/api/auth/verify-email/resend', 'customer');
export const getMailStatus = route('GET', '/api/auth/mail-status', 'customer');

// Signed-in devices, customers' and admins' (each only their own), and each one's own password.
export const listSessions = route('GET', '/api/auth/sessions', 'customer');
export const endSession = route('DELETE', '/api/auth/sessions/:id', 'customer');
export const endOtherSessions = route('POST', '/api/auth/sessions/sign-out-others', 'customer');
export const changePassword = route('PUT', '/api/auth/password', 'customer');
export const listAdminSessions = route('GET', '/api/admin/sessions', 'admin');
export const endAdminSession = route('DELETE', '/api/admin/sessions/:id', 'admin');
export const endOtherAdminSessions = route('POST', '/api/admin/sessions/sign-out-others', 'admin');
export const changeAdminPassword = route('PUT', '/api/admin/password', 'admin');

// Enquiries (public intake).
export const addEnquiry = route('POST', '/api/auth/putNote', 'none');

// A customer's orders.
export const addOrder = route('POST', '/api/gifts/addgift', 'customer');
export const updateOrder = route('PUT', '/api/gifts/updateGift/:id', 'customer');
export const deleteOrder = route('DELETE', '/api/gifts/deleteGift/:id', 'customer');
// How the gift went, once delivered (the gift's journey).
export const rateGift = route('PUT', '/api/gifts/:id/feedback', 'customer');
// The days each gift option needs, and the customer's today: the order form's earliest date.
export const getLeadTimes = route('GET', '/api/gifts/lead-times', 'customer');
// A gift proposal on an order: staff propose, the customer approves or asks for something else; its picture.
export const proposeGift = route('POST', '/api/admin/gifts/:id/proposal', 'admin');
export const approveProposal = route('POST', '/api/gifts/:id/proposal/approve', 'customer');
export const declineProposal = route('POST', '/api/gifts/:id/proposal/decline', 'customer');
export const proposalImage = route('GET', '/api/gifts/images/:id', 'none');

// Occasions, preferences, the calendar feed and reminder unsubscribe.
export const listOccasions = route('GET', '/api/occasions', 'customer');
export const addOccasion = route('POST', '/api/occasions', 'customer');
export const updateOccasion = route('PUT', '/api/occasions/:id', 'customer');
export const deleteOccasion = route('DELETE', '/api/occasions/:id', 'customer');
// People: each person the customer buys for, their dates, gift ideas and gift history; importing them.
export const listPeople = route('GET', '/api/people', 'customer');
export const addPerson = route('POST', '/api/people', 'customer');
export const getPerson = route('GET', '/api/people/:id', 'customer');
export const updatePerson = route('PUT', '/api/people/:id', 'customer');
export const deletePerson = route('DELETE', '/api/people/:id', 'customer');
export const addPersonDate = route('POST', '/api/people/:id/dates', 'customer');
export const updatePersonDate = route('PUT', '/api/people/:id/dates/:dateId', 'customer');
export const deletePersonDate = route('DELETE', '/api/people/:id/dates/:dateId', 'customer');
export const addGiftIdea = route('POST', '/api/people/:id/ideas', 'customer');
export const updateGiftIdea = route('PUT', '/api/people/:id/ideas/:ideaId', 'customer');
export const deleteGiftIdea = route('DELETE', '/api/people/:id/ideas/:ideaId', 'customer');
export const previewImport = route('POST', '/api/people/import/preview', 'customer');
export const commitImport = route('POST', '/api/people/import', 'customer');
export const getPreferences = route('GET', '/api/auth/preferences', 'customer');
export const updatePreferences = route('PUT', '/api/auth/preferences', 'customer');
export const getCalendarUrl = route('GET', '/api/calendar', 'customer');
export const rotateCalendarUrl = route('POST', '/api/calendar/rotate', 'customer');
export const calendarFeed = route('GET', '/api/calendar/:file', 'none');
export const unsubscribePage = route('GET', '/api/reminders/unsubscribe/:token', 'none');
export const unsubscribeStyles = route('GET', '/api/reminders/page.css', 'none');
export const unsubscribeReminders = route('POST', '/api/reminders/unsubscribe/:token', 'none');

// The admin area. The fourth argument: the calls that want a recent code (decision 0044; a refund call, when one
// comes, takes 'always').
export const adminLogin = route('POST', '/api/admin/login', 'none');
export const adminLogout = route('POST', '/api/admin/logout', 'admin');
export const getAdminOrders = route('POST', '/api/admin/getOrders', 'admin', 'always');
export const getOrderDetails = route('POST', '/api/admin/getOrderDetails', 'admin', 'always');
export const updateOrderStatus = route('PUT', '/api/admin/updateGiftStatus/:id', 'admin', 'rejection');
export const bulkUpdateStatus = route('POST', '/api/admin/bulkUpdateStatus', 'admin', 'rejection');
// The shipment of a processed order (the gift's journey).
export const recordShipment = route('PUT', '/api/admin/orders/:id/shipment', 'admin');
export const getOrderCounts = route('GET', '/api/admin/orderCounts', 'admin');
export const ordersCsv = route('GET', '/api/admin/orders.csv', 'admin', 'always');
export const getEnquiries = route('POST', '/api/admin/getNotes', 'admin', 'always');
export const getEnquiryCounts = route('GET', '/api/admin/noteCounts', 'admin');
export const eraseCustomer = route('POST', '/api/admin/eraseCustomer', 'admin', 'always');
export const findCustomer = route('GET', '/api/admin/customers', 'admin');
// The admin's second factor (TOTP): enrolment, and a fresh code before a sensitive action.
export const totpSetup = route('POST', '/api/admin/2fa/setup', 'admin');
export const totpEnrol = route('POST', '/api/admin/2fa/enrol', 'admin');
export const totpVerify = route('POST', '/api/admin/2fa/verify', 'admin');

// An order's timeline (the customer's card) and staff's internal notes on an order (View Order).
export const getOrderTimeline = route('GET', '/api/gifts/:id/timeline', 'customer');
export const addOrderNote = route('POST', '/api/admin/orders/:id/notes', 'admin');

// The OpenAPI document of all of the above.
export const apiDocs = route('GET', '/api/docs', 'none');
