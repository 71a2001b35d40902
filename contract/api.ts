import { z } from 'zod';

import {
  adminCheckAnswer,
  adminLoginAnswer,
  adminLoginBody,
  bulkUpdateStatusAnswer,
  bulkUpdateStatusBody,
  getOrderDetailsBody,
  getOrdersAnswer,
  getOrdersBody,
  orderCountsAnswer,
  orderDetailsAnswer,
  ordersCsvQuery,
  updateOrderStatusAnswer,
  updateOrderStatusBody,
} from './admin';
import {
  forgotPasswordBody,
  isProfileFilledAnswer,
  profileAnswer,
  resetPasswordBody,
  signInBody,
  signUpBody,
  tokenAnswer,
  updateUserBody,
} from './auth';
import { mailStatusAnswer, verifyEmailBody } from './emailVerification';
import { addEnquiryAnswer, enquiryBody, enquiryCountsAnswer, getEnquiriesAnswer, getEnquiriesBody } from './enquiries';
import { failure, ok, storable } from './fields';
import { DEVICE_HEADER } from './http';
import {
  addOccasionAnswer,
  occasionFields,
  occasionIdParams,
  occasionList,
  occasionUpdate,
  upcomingAnswer,
  upcomingQuery,
} from './occasions';
import { orderForm, orderUpdate } from './orderForm';
import { addOrderAnswer, leadTimesAnswer, orderIdParams, orderList, profileIncompleteAnswer } from './orders';
import {
  createdAnswer,
  giftIdeaFields,
  giftIdeaParams,
  giftIdeaUpdate,
  importAnswer,
  importRequest,
  personAnswer,
  personDateFields,
  personDateParams,
  personDateUpdate,
  personFields,
  personIdParams,
  personList,
  personUpdate,
} from './people';
import { calendarAnswer, calendarStatus, preferencesAnswer, preferencesUpdate } from './preferences';
import {
  deleteAccountBody,
  eraseCustomerBody,
  erasureAnswer,
  exportAnswer,
  findCustomerAnswer,
  findCustomerQuery,
} from './privacy';
import { PROPOSAL_PICTURE_TYPES } from './proposalLimits';
import { declineProposalBody, proposalAnswer, proposeGiftBody } from './proposals';
import type { Route } from './route';
import * as routes from './routes';
import { maybeSecondFactorWanted, secondFactorCodeBody, totpEnrolAnswer, totpSetupAnswer } from './secondFactor';
import { changePasswordBody, deviceIdParams, devicesAnswer, signedOutOthersAnswer } from './sessions';
import { rateGiftAnswer, rateGiftBody, recordShipmentAnswer, recordShipmentBody } from './shipping';
import { addOrderNoteAnswer, customerTimelineAnswer, orderNoteBody } from './timeline';

/**
 * The API's one table: for each call of ./routes.ts, what it takes (path parameters, query, JSON body) and what it
 * answers, by status. The server registers its routes from it (validation and the OpenAPI document follow), the
 * SPA's client functions and the component tests' mock handlers are typed by it.
 */

/** What a call takes and answers, beside where it lives (its Route). */
export interface EndpointSchemas {
  /** The OpenAPI group. */
  tag: string;
  summary: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The status of success (200 unless said). */
  status?: 200 | 201;
  /** Answers by status: success first, then anything richer than the plain refusal (addOrder's 403, a 304). */
  answers: Readonly<Record<number, z.ZodType>>;
  /** The statuses it refuses with the plain `{success: false, error}`. */
  refusals: readonly number[];
  /** Not an API call a client makes (the OpenAPI document itself): left out of that document. */
  hide?: boolean;
  /** Media types of a success that is not JSON (the CSV export). */
  produces?: readonly string[];
}

/** One call's entry: where it lives and what it takes and answers. */
export type Endpoint = Route & EndpointSchemas & { status: 200 | 201 };

const endpoint = <R extends Route, const S extends EndpointSchemas>(route: R, schemas: S) => ({
  ...route,
  ...schemas,
  status: (schemas.status ?? 200) as S['status'] extends 201 ? 201 : 200,
});

/** A 304's (empty) body. */
const notModified = z.null().describe('Not modified: the list the caller holds (its If-None-Match) is current');

const tokenParams = z.strictObject({ token: storable(z.string().max(200), 'token') });
const feedParams = z.strictObject({ file: storable(z.string().max(210), 'file') });

/** Sign-in's device credential (decision 0041), described once for both kinds. */
const DEVICE_CREDENTIAL =
  `A browser that signed in to the account before sends the device credential it was answered (deviceToken) in the ` +
  `${DEVICE_HEADER} header: it is then held only by that credential's own failures, not by the account's throttle ` +
  'of unknown devices. A sign-in without a valid one answers a new deviceToken.';

const ACCOUNTS = 'customer accounts';
const ORDERS = 'gift orders';
const OCCASIONS = 'occasions and reminders';
const PEOPLE = 'people';
const ADMIN = 'admin';
const DEVICES = 'signed-in devices';

export const api = {
  signUp: endpoint(routes.signUp, {
    tag: ACCOUNTS,
    summary: 'Sign up',
    body: signUpBody,
    status: 201,
    answers: { 201: tokenAnswer },
    refusals: [400, 409, 413, 429],
  }),
  signIn: endpoint(routes.signIn, {
    tag: ACCOUNTS,
    summary: 'Sign in',
    description: DEVICE_CREDENTIAL,
    body: signInBody,
    answers: { 200: tokenAnswer },
    refusals: [400, 401, 429],
  }),
  forgotPassword: endpoint(routes.forgotPassword, {
    tag: ACCOUNTS,
    summary: 'Email a password-reset link (15 minutes, single use)',
    body: forgotPasswordBody,
    answers: { 200: ok },
    refusals: [400, 429],
  }),
  resetPassword: endpoint(routes.resetPassword, {
    tag: ACCOUNTS,
    summary: 'Set a new password with a reset link',
    body: resetPasswordBody,
    answers: { 200: ok },
    refusals: [400, 429],
  }),
  signOut: endpoint(routes.signOut, {
    tag: ACCOUNTS,
    summary: 'Sign out (revoke this session)',
    answers: { 200: ok },
    refusals: [401],
  }),
  checkAuth: endpoint(routes.checkAuth, {
    tag: ACCOUNTS,
    summary: 'Is this session alive?',
    answers: { 200: ok },
    refusals: [401],
  }),
  isProfileFilled: endpoint(routes.isProfileFilled, {
    tag: ACCOUNTS,
    summary: 'May this customer order yet?',
    answers: { 200: isProfileFilledAnswer },
    refusals: [401],
  }),
  getUserDetails: endpoint(routes.getUserDetails, {
    tag: ACCOUNTS,
    summary: 'Read the profile (never the card number or CVV)',
    answers: { 200: profileAnswer },
    refusals: [401],
  }),
  updateUser: endpoint(routes.updateUser, {
    tag: ACCOUNTS,
    summary: 'Update the profile',
    body: updateUserBody,
    answers: { 200: ok },
    refusals: [400, 401, 413],
  }),
  exportMyData: endpoint(routes.exportMyData, {
    tag: ACCOUNTS,
    summary: 'Everything stored about the caller, as a JSON file (docs/privacy.md; rate limited)',
    answers: { 200: exportAnswer },
    refusals: [401, 429],
  }),
  deleteAccount: endpoint(routes.deleteAccount, {
    tag: ACCOUNTS,
    summary:
      "Delete the caller's account with the current password: open orders cancelled, finished ones kept without the person (docs/privacy.md)",
    body: deleteAccountBody,
    answers: { 200: erasureAnswer },
    refusals: [400, 401, 403, 413, 429],
  }),

  verifyEmail: endpoint(routes.verifyEmail, {
    tag: ACCOUNTS,
    summary: "Verify the account's email address with the link's token (single use; no sign-in)",
    body: verifyEmailBody,
    answers: { 200: ok },
    refusals: [400, 429],
  }),
  resendVerification: endpoint(routes.resendVerification, {
    tag: ACCOUNTS,
    summary: "Email a new verification link to the account's address",
    answers: { 200: ok },
    refusals: [401, 409, 429],
  }),
  getMailStatus: endpoint(routes.getMailStatus, {
    tag: ACCOUNTS,
    summary: 'Is the address verified, and how many emails did the daily budget hold back today?',
    answers: { 200: mailStatusAnswer },
    refusals: [401],
  }),

  addEnquiry: endpoint(routes.addEnquiry, {
    tag: 'enquiries',
    summary: 'Send an enquiry (public)',
    body: enquiryBody,
    status: 201,
    answers: { 201: addEnquiryAnswer },
    refusals: [400, 413, 429],
  }),

  getOrders: endpoint(routes.getOrders, {
    tag: ORDERS,
    summary:
      "The caller's orders in progress and latest finished or rejected ones (CLOSED_ORDERS_LIST_LIMIT), by date then creation (a bare array)",
    description:
      "Answers an ETag that changes with every write to the caller's orders. Sent back in If-None-Match, it " +
      'gets 304 with no body while the list is unchanged (the session is checked all the same).',
    answers: { 200: orderList, 304: notModified },
    refusals: [401],
  }),
  addOrder: endpoint(routes.addOrder, {
    tag: ORDERS,
    summary:
      "Place an order (needs a complete profile; starts 'new'; date not in the past nor before the option's earliest delivery date)",
    body: orderForm,
    status: 201,
    answers: { 201: addOrderAnswer, 403: profileIncompleteAnswer },
    refusals: [400, 401, 409, 413, 429],
  }),
  updateOrder: endpoint(routes.updateOrder, {
    tag: ORDERS,
    summary:
      'Replace the whole order as getgifts answered it (not once processed or finished; the status only unchanged)',
    params: orderIdParams,
    body: orderUpdate,
    answers: { 200: ok },
    refusals: [400, 401, 404, 409, 413, 429],
  }),
  getLeadTimes: endpoint(routes.getLeadTimes, {
    tag: ORDERS,
    summary:
      "The days each default option needs before delivery (LEAD_DAYS_*), and the caller's today in their time zone",
    description:
      "An order's date must be at least the option's days after that today (0: no lead time); addgift refuses an " +
      'earlier one, and updateGift one that changes the date or the option, with a 400 that names the earliest date.',
    answers: { 200: leadTimesAnswer },
    refusals: [401],
  }),
  deleteOrder: endpoint(routes.deleteOrder, {
    tag: ORDERS,
    summary: 'Delete the order (not once processed or finished)',
    params: orderIdParams,
    answers: { 200: ok },
    refusals: [401, 404, 409, 429],
  }),
  // A gift proposal (docs/workflow.md): staff propose, the customer answers. Only a new order with no open proposal
  // takes one (409 otherwise, also for the second of two admins proposing at once).
  proposeGift: endpoint(routes.proposeGift, {
    tag: ORDERS,
    summary: 'Propose a gift on a new order: title, description, price, over-budget reason, picture (base64)',
    description:
      'The price is "49.99", "49" or "$49.99"; above the order\'s budget it needs overBudgetReason. The picture is ' +
      'a JPEG, PNG or WebP file of at most 2 MB as base64, its type read from its content (413 for a body larger ' +
      "than that, before it is read). Queues the proposal email; when the customer's auto-approval is on and the " +
      'price is within budget, the proposal is approved at once and the order is processed.',
    params: orderIdParams,
    body: proposeGiftBody,
    status: 201,
    answers: { 201: proposalAnswer },
    refusals: [400, 401, 403, 404, 409, 413, 414],
  }),
  approveProposal: endpoint(routes.approveProposal, {
    tag: ORDERS,
    summary: "Approve the order's open proposal: the order moves to processed, as the customer's act",
    params: orderIdParams,
    answers: { 200: proposalAnswer },
    refusals: [401, 404, 409, 414, 429],
  }),
  declineProposal: endpoint(routes.declineProposal, {
    tag: ORDERS,
    summary: "Ask for something else instead of the order's open proposal (with a note); the order stays new",
    params: orderIdParams,
    body: declineProposalBody,
    answers: { 200: proposalAnswer },
    refusals: [400, 401, 404, 409, 413, 414, 429],
  }),
  // Public by its id (a random uuid, the capability): an <img> on the card or in an email sends no session header.
  proposalImage: endpoint(routes.proposalImage, {
    tag: ORDERS,
    summary: "A proposal's picture (JPEG, PNG or WebP), by the unguessable id in the proposal's imageUrl",
    description:
      'Served with its content type, nosniff, a CSP that allows nothing, and private no-cache with an ETag (304 to ' +
      'If-None-Match while it lives, 404 once deleted). Stored without its metadata (EXIF, XMP, comments, text).',
    params: orderIdParams,
    produces: [...PROPOSAL_PICTURE_TYPES],
    answers: { 304: notModified },
    refusals: [404],
  }),
  rateGift: endpoint(routes.rateGift, {
    tag: ORDERS,
    summary: 'Say how the gift went (loved, fine, not_for_them, and a line), once it was delivered; again to change it',
    description: "Only the caller's own order (404 otherwise), and only once it is finished with a delivery day (409).",
    params: orderIdParams,
    body: rateGiftBody,
    answers: { 200: rateGiftAnswer },
    refusals: [400, 401, 404, 409, 413],
  }),

  listOccasions: endpoint(routes.listOccasions, {
    tag: OCCASIONS,
    summary: "The caller's occasions, by date",
    answers: { 200: occasionList },
    refusals: [401],
  }),
  getUpcoming: endpoint(routes.getUpcoming, {
    tag: OCCASIONS,
    summary: "The caller's occasions in the next `days` days (default 60), soonest first, with the order covering each",
    query: upcomingQuery,
    answers: { 200: upcomingAnswer },
    refusals: [400, 401],
  }),
  addOccasion: endpoint(routes.addOccasion, {
    tag: OCCASIONS,
    summary: 'Add an occasion',
    body: occasionFields,
    status: 201,
    answers: { 201: addOccasionAnswer },
    refusals: [400, 401, 409, 413, 429],
  }),
  updateOccasion: endpoint(routes.updateOccasion, {
    tag: OCCASIONS,
    summary: 'Replace the whole occasion',
    params: occasionIdParams,
    body: occasionUpdate,
    answers: { 200: ok },
    refusals: [400, 401, 404, 413, 429],
  }),
  deleteOccasion: endpoint(routes.deleteOccasion, {
    tag: OCCASIONS,
    summary: 'Delete the occasion',
    params: occasionIdParams,
    answers: { 200: ok },
    refusals: [401, 404, 429],
  }),
  listPeople: endpoint(routes.listPeople, {
    tag: PEOPLE,
    summary: "The caller's people, soonest next date first (people with no coming date last, by name)",
    answers: { 200: personList },
    refusals: [401],
  }),
  addPerson: endpoint(routes.addPerson, {
    tag: PEOPLE,
    summary: 'Add a person (409 when the caller already has a person of that name)',
    body: personFields,
    status: 201,
    answers: { 201: createdAnswer },
    refusals: [400, 401, 409, 413, 429],
  }),
  getPerson: endpoint(routes.getPerson, {
    tag: PEOPLE,
    summary: 'A person with their dates, gift ideas and gift history (newest first)',
    params: personIdParams,
    answers: { 200: personAnswer },
    refusals: [400, 401, 404],
  }),
  updatePerson: endpoint(routes.updatePerson, {
    tag: PEOPLE,
    summary: "Replace the person's details and preferences (what GET answered may be sent back with its edits)",
    params: personIdParams,
    body: personUpdate,
    answers: { 200: ok },
    refusals: [400, 401, 404, 409, 413, 429],
  }),
  deletePerson: endpoint(routes.deletePerson, {
    tag: PEOPLE,
    summary: 'Delete the person, their dates and gift ideas (their orders stay, without the link)',
    params: personIdParams,
    answers: { 200: ok },
    refusals: [400, 401, 404, 429],
  }),
  addPersonDate: endpoint(routes.addPersonDate, {
    tag: PEOPLE,
    summary: 'Add a date to the person',
    params: personIdParams,
    body: personDateFields,
    status: 201,
    answers: { 201: createdAnswer },
    refusals: [400, 401, 404, 409, 413, 429],
  }),
  updatePersonDate: endpoint(routes.updatePersonDate, {
    tag: PEOPLE,
    summary: "Replace one of the person's dates",
    params: personDateParams,
    body: personDateUpdate,
    answers: { 200: ok },
    refusals: [400, 401, 404, 413, 429],
  }),
  deletePersonDate: endpoint(routes.deletePersonDate, {
    tag: PEOPLE,
    summary: "Delete one of the person's dates",
    params: personDateParams,
    answers: { 200: ok },
    refusals: [400, 401, 404, 429],
  }),
  addGiftIdea: endpoint(routes.addGiftIdea, {
    tag: PEOPLE,
    summary: 'Add a gift idea for the person',
    params: personIdParams,
    body: giftIdeaFields,
    status: 201,
    answers: { 201: createdAnswer },
    refusals: [400, 401, 404, 409, 413, 429],
  }),
  updateGiftIdea: endpoint(routes.updateGiftIdea, {
    tag: PEOPLE,
    summary: 'Strike a gift idea through (used) or bring it back',
    params: giftIdeaParams,
    body: giftIdeaUpdate,
    answers: { 200: ok },
    refusals: [400, 401, 404, 413, 429],
  }),
  deleteGiftIdea: endpoint(routes.deleteGiftIdea, {
    tag: PEOPLE,
    summary: 'Remove a gift idea',
    params: giftIdeaParams,
    answers: { 200: ok },
    refusals: [400, 401, 404, 429],
  }),
  previewImport: endpoint(routes.previewImport, {
    tag: PEOPLE,
    summary: 'What importing this vCard or CSV file would add and skip (changes nothing)',
    body: importRequest,
    answers: { 200: importAnswer },
    refusals: [400, 401, 409, 413, 429],
  }),
  commitImport: endpoint(routes.commitImport, {
    tag: PEOPLE,
    summary: 'Import this vCard or CSV file: all of what the preview showed, in one transaction, or nothing',
    body: importRequest,
    answers: { 200: importAnswer },
    refusals: [400, 401, 409, 413, 429],
  }),
  getPreferences: endpoint(routes.getPreferences, {
    tag: OCCASIONS,
    summary: 'Reminder and order emails, and the time zone',
    answers: { 200: preferencesAnswer },
    refusals: [401],
  }),
  updatePreferences: endpoint(routes.updatePreferences, {
    tag: OCCASIONS,
    summary:
      'Change any of the preferences (those left out keep their value). Turning reminder emails on after an ' +
      'unsubscribe link turned them off needs a fresh sign-in and a verified address (403 otherwise)',
    body: preferencesUpdate,
    answers: { 200: preferencesAnswer },
    refusals: [400, 401, 403, 413],
  }),
  getCalendarUrl: endpoint(routes.getCalendarUrl, {
    tag: OCCASIONS,
    summary: 'Whether the caller has a calendar feed address (shown only when made, by POST /api/calendar/rotate)',
    answers: { 200: calendarStatus },
    refusals: [401],
  }),
  rotateCalendarUrl: endpoint(routes.rotateCalendarUrl, {
    tag: OCCASIONS,
    summary: 'A new feed address, shown only in this answer; the old one answers 404 from now on',
    answers: { 200: calendarAnswer },
    refusals: [401],
  }),
  // Public, by token: calendar apps subscribe without a session. Its success is iCalendar text, not JSON.
  calendarFeed: endpoint(routes.calendarFeed, {
    tag: OCCASIONS,
    summary: "The customer's occasions and order dates as iCalendar (the address from POST /api/calendar/rotate)",
    description:
      'Answers an ETag that changes with every write to the occasions and orders it shows; sent back in ' +
      'If-None-Match (or *), it gets 304 with no body. Rate limited per address token and per client address (429).',
    params: feedParams,
    answers: {},
    refusals: [404, 429],
  }),
  // Opening the link only asks (an HTML page); the page's form, or a mail client's one-click POST, unsubscribes.
  unsubscribePage: endpoint(routes.unsubscribePage, {
    tag: OCCASIONS,
    summary: 'A page asking to confirm turning reminder emails off',
    params: tokenParams,
    answers: {},
    refusals: [],
  }),
  unsubscribeStyles: endpoint(routes.unsubscribeStyles, {
    tag: OCCASIONS,
    summary: "The unsubscribe pages' stylesheet (CSS; their Content-Security-Policy allows no inline style)",
    answers: {},
    refusals: [],
  }),
  unsubscribeReminders: endpoint(routes.unsubscribeReminders, {
    tag: OCCASIONS,
    summary: 'Turn reminder emails off (the link of a reminder email; no sign-in)',
    params: tokenParams,
    answers: { 200: ok },
    refusals: [404],
  }),

  adminLogin: endpoint(routes.adminLogin, {
    tag: ADMIN,
    summary: 'Admin sign in: password, then the second factor (a 401 with `secondFactor: "totp"` asks for `code`)',
    description: DEVICE_CREDENTIAL,
    body: adminLoginBody,
    answers: { 200: adminLoginAnswer, 401: maybeSecondFactorWanted },
    refusals: [400, 413, 429],
  }),
  adminLogout: endpoint(routes.adminLogout, {
    tag: ADMIN,
    summary: 'Admin sign out (revoke this session)',
    answers: { 200: ok },
    refusals: [401],
  }),
  adminCheck: endpoint(routes.adminCheck, {
    tag: ADMIN,
    summary: 'Is this admin session alive? (names the admin)',
    answers: { 200: adminCheckAnswer },
    refusals: [401],
  }),
  getAdminOrders: endpoint(routes.getAdminOrders, {
    tag: ADMIN,
    summary:
      'One page of the orders of a status, narrowed by search and delivery dates, sorted (default: soonest delivery first, 50)',
    body: getOrdersBody,
    answers: { 200: getOrdersAnswer, 403: maybeSecondFactorWanted },
    refusals: [400, 401, 413],
  }),
  getOrderDetails: endpoint(routes.getOrderDetails, {
    tag: ADMIN,
    summary: 'An order with its status history, and its customer (card masked, no CVV)',
    body: getOrderDetailsBody,
    answers: { 200: orderDetailsAnswer, 403: maybeSecondFactorWanted },
    refusals: [400, 401, 404, 413],
  }),
  updateOrderStatus: endpoint(routes.updateOrderStatus, {
    tag: ADMIN,
    summary: 'Move an order through the workflow (409 if the move is not allowed or `from` is stale)',
    params: orderIdParams,
    body: updateOrderStatusBody,
    answers: { 200: updateOrderStatusAnswer, 403: maybeSecondFactorWanted },
    refusals: [400, 401, 404, 409, 413, 414],
  }),
  bulkUpdateStatus: endpoint(routes.bulkUpdateStatus, {
    tag: ADMIN,
    summary:
      'The same move for up to 100 orders, each following the workflow on its own (refused if it has left `from`); the answer says per order what happened',
    body: bulkUpdateStatusBody,
    answers: { 200: bulkUpdateStatusAnswer, 403: maybeSecondFactorWanted },
    refusals: [400, 401, 413],
  }),
  recordShipment: endpoint(routes.recordShipment, {
    tag: ADMIN,
    summary:
      'Record or correct the shipment of a processed order (carrier, tracking number, https tracking address, day)',
    description:
      'The customer is emailed the first time, and again when a correction changes the tracking number or address. ' +
      '409 when the order is not processed, or when `replacing` is not the tracking number stored now.',
    params: orderIdParams,
    body: recordShipmentBody,
    answers: { 200: recordShipmentAnswer },
    refusals: [400, 401, 403, 404, 409, 413],
  }),
  getOrderCounts: endpoint(routes.getOrderCounts, {
    tag: ADMIN,
    summary: 'How many orders each status holds',
    answers: { 200: orderCountsAnswer },
    refusals: [401, 403],
  }),
  ordersCsv: endpoint(routes.ordersCsv, {
    tag: ADMIN,
    summary:
      'Every order of a view, search and range as CSV (streamed), the same filters as getOrders; without status, all views',
    query: ordersCsvQuery,
    produces: ['text/csv'],
    answers: { 200: z.string().describe('CSV: a header row, then one row per order'), 403: maybeSecondFactorWanted },
    refusals: [400, 401],
  }),
  getEnquiries: endpoint(routes.getEnquiries, {
    tag: ADMIN,
    summary: 'The enquiries of one type, newest first, 50 at a time (then from nextCursor)',
    body: getEnquiriesBody,
    answers: { 200: getEnquiriesAnswer, 403: maybeSecondFactorWanted },
    refusals: [400, 401, 413],
  }),
  getEnquiryCounts: endpoint(routes.getEnquiryCounts, {
    tag: ADMIN,
    summary: 'How many enquiries each type holds',
    answers: { 200: enquiryCountsAnswer },
    refusals: [401, 403],
  }),
  totpSetup: endpoint(routes.totpSetup, {
    tag: ADMIN,
    summary: 'Start enrolling an authenticator app: a new TOTP secret, as a QR code and as text (not yet enrolled)',
    answers: { 200: totpSetupAnswer },
    refusals: [401, 409, 429],
  }),
  totpEnrol: endpoint(routes.totpEnrol, {
    tag: ADMIN,
    summary:
      'Confirm the enrolment with a code of the new secret: answers the ten recovery codes (shown once); the session opens everything',
    body: secondFactorCodeBody,
    answers: { 200: totpEnrolAnswer },
    refusals: [400, 401, 409, 413, 429],
  }),
  totpVerify: endpoint(routes.totpVerify, {
    tag: ADMIN,
    summary: 'Confirm a code (or recovery code) now, so this session may take sensitive actions for a few minutes',
    body: secondFactorCodeBody,
    answers: { 200: ok, 403: maybeSecondFactorWanted },
    refusals: [400, 401, 413, 429],
  }),
  eraseCustomer: endpoint(routes.eraseCustomer, {
    tag: ADMIN,
    summary:
      "Erase a customer's account on their request, as they can themselves; recorded in the erasures history without their data",
    body: eraseCustomerBody,
    answers: { 200: erasureAnswer, 403: maybeSecondFactorWanted },
    refusals: [400, 401, 404, 413],
  }),
  findCustomer: endpoint(routes.findCustomer, {
    tag: ADMIN,
    summary:
      "Find a customer's account by its email (any letter case), for a request about their data: who it is and its orders and people counted",
    query: findCustomerQuery,
    answers: { 200: findCustomerAnswer },
    refusals: [400, 401, 403, 404],
  }),

  listSessions: endpoint(routes.listSessions, {
    tag: DEVICES,
    summary: 'The customer’s live sessions (signed-in devices), this one marked, most recently used first',
    answers: { 200: devicesAnswer },
    refusals: [401],
  }),
  endSession: endpoint(routes.endSession, {
    tag: DEVICES,
    summary: 'Sign one of the customer’s sessions out, by its public id (404 if it is not theirs or not live)',
    params: deviceIdParams,
    answers: { 200: ok },
    refusals: [401, 404],
  }),
  endOtherSessions: endpoint(routes.endOtherSessions, {
    tag: DEVICES,
    summary: 'Sign out every other session of the customer, keeping this one',
    answers: { 200: signedOutOthersAnswer },
    refusals: [401],
  }),
  listAdminSessions: endpoint(routes.listAdminSessions, {
    tag: DEVICES,
    summary: 'The admin’s own live sessions, this one marked, most recently used first',
    answers: { 200: devicesAnswer },
    refusals: [401],
  }),
  endAdminSession: endpoint(routes.endAdminSession, {
    tag: DEVICES,
    summary: 'Sign one of the admin’s own sessions out, by its public id (404 if it is not theirs or not live)',
    params: deviceIdParams,
    answers: { 200: ok },
    refusals: [401, 404],
  }),
  endOtherAdminSessions: endpoint(routes.endOtherAdminSessions, {
    tag: DEVICES,
    summary: 'Sign out every other session of the admin, keeping this one',
    answers: { 200: signedOutOthersAnswer },
    refusals: [401],
  }),
  changePassword: endpoint(routes.changePassword, {
    tag: ACCOUNTS,
    summary:
      'Change the customer’s own password (the current one is asked, counted by the sign-in throttle), ending their other sessions and emailing a notice',
    body: changePasswordBody,
    answers: { 200: ok },
    refusals: [400, 401, 403, 413, 429],
  }),
  changeAdminPassword: endpoint(routes.changeAdminPassword, {
    tag: ADMIN,
    summary:
      'Change the admin’s own password (the current one is asked, counted by the sign-in throttle), ending their other sessions',
    body: changePasswordBody,
    answers: { 200: ok },
    refusals: [400, 401, 403, 413, 429],
  }),

  getOrderTimeline: endpoint(routes.getOrderTimeline, {
    tag: ORDERS,
    summary:
      "The order's timeline, oldest first: placed, each status move and each step of the gift's journey, with its day and words (404 for another customer's order)",
    params: orderIdParams,
    answers: { 200: customerTimelineAnswer },
    refusals: [401, 404],
  }),
  addOrderNote: endpoint(routes.addOrderNote, {
    tag: ADMIN,
    summary: 'Add an internal note to an order (staff only; never shown to the customer); answers the note',
    params: orderIdParams,
    body: orderNoteBody,
    status: 201,
    answers: { 201: addOrderNoteAnswer },
    refusals: [400, 401, 403, 404, 413],
  }),

  apiDocs: endpoint(routes.apiDocs, {
    tag: 'documentation',
    summary: 'This OpenAPI document',
    answers: {},
    refusals: [],
    hide: true,
  }),
} satisfies { [K in keyof typeof routes]: Endpoint & (typeof routes)[K] };

export type Api = typeof api;
/** The name of a call, as the route table and this table both have it. */
export type RouteName = keyof typeof routes;
/** The name of the call a route-table entry describes. */
export type NameOf<R extends Route> = { [K in RouteName]: (typeof routes)[K] extends R ? K : never }[RouteName];

/** Every answer a call's table entry describes, by status: its answers and its plain refusals. */
export function responsesOf(endpoint: EndpointSchemas): Record<number, z.ZodType> {
  return { ...Object.fromEntries(endpoint.refusals.map((status) => [status, failure])), ...endpoint.answers };
}

type Input<S> = S extends z.ZodType ? z.input<S> : never;

/** What a client sends: the path parameters, query and body of call K, each present only where K takes it. */
export type RequestOf<K extends RouteName> = (Api[K] extends { params: infer P } ? { params: Input<P> } : unknown) &
  (Api[K] extends { query: infer Q } ? { query: Input<Q> } : unknown) &
  (Api[K] extends { body: infer B } ? { body: Input<B> } : unknown);

/** Whether call K takes anything at all. */
export type TakesInput<K extends RouteName> = Api[K] extends
  { params: unknown } | { query: unknown } | { body: unknown }
  ? true
  : false;

/**
 * What call K may answer with a JSON body: each answer of its entry (a 304 has none), or the plain refusal, which
 * any call may give (an unavailable database, a body too large, an unknown path parameter).
 */
export type AnswerOf<K extends RouteName> =
  | { [S in keyof Api[K]['answers']]: S extends 304 ? never : z.output<Api[K]['answers'][S]> }[keyof Api[K]['answers']]
  | z.output<typeof failure>;

/** The answer of call K when it succeeds. */
export type SuccessOf<K extends RouteName> = SuccessIn<Api[K]>;
type SuccessIn<E extends { status: number; answers: object }> = E['answers'] extends {
  [S in E['status']]: infer A extends z.ZodType;
}
  ? z.output<A>
  : never;

/** The body call K takes. */
export type BodyOf<K extends RouteName> = RequestOf<K> extends { body: infer B } ? B : never;
