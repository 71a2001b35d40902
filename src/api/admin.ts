import type { AnswerOf, BodyOf, NameOf, RequestOf } from '#contract/api';
import type { EnquiryType } from '#contract/enquiries';
import { AUTH_HEADER } from '#contract/http';
import type { OrderStatus } from '#contract/orderStatus';
import type { Route } from '#contract/route';
import * as routes from '#contract/routes';
import { SECOND_FACTOR_TOTP } from '#contract/secondFactor';
import { SHELL_MESSAGES } from '#contract/shellMessages';

import { addressOf, apiUrl, call, NetworkError } from './client';
import { withDeviceCredential } from './deviceCredential';
import type { DeviceCalls } from './devices';
import { downloadFile, type Downloaded } from './download';

/** The admin calls (docs/api.md, "Admin area"), one function each. All but login send the admin token (authtoken_admin). */

/** Signs in with this browser's admin device credential, keeping the one the answer brings (./deviceCredential.ts). */
export const adminLogin = (body: BodyOf<'adminLogin'>) =>
  withDeviceCredential('admin', (options) => call(routes.adminLogin, { body }, options));

export const adminLogout = () => call(routes.adminLogout);

/** Whether a refusal asks for a code from the authenticator app (sign-in, or a sensitive action's 403). */
export const wantsSecondFactor = (answer: object): boolean =>
  'secondFactor' in answer && answer.secondFactor === SECOND_FACTOR_TOTP;

/**
 * Sends a call; when the server refuses it for want of a recent code (decision 0044), asks for one with `confirm`
 * and, once it was accepted, sends the call again (once): the answer is the second one's, or the refusal.
 */
export async function sendWithCode<A extends object>(
  send: () => Promise<A>,
  confirm: () => Promise<boolean>,
): Promise<A> {
  const answer = await send();
  return wantsSecondFactor(answer) && (await confirm()) ? send() : answer;
}

/**
 * A call with a token given rather than the stored one: the enrolment's, whose enrol-only token is kept in memory
 * only (it opens nothing else), and stored once the enrolment has made it a full session.
 */
async function callWithToken<R extends Route>(route: R, token: string, body?: unknown): Promise<AnswerOf<NameOf<R>>> {
  const headers: Record<string, string> = { [AUTH_HEADER]: token };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    const response = await fetch(apiUrl(route.path), {
      method: route.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await response.json()) as AnswerOf<NameOf<R>>;
  } catch (err) {
    throw new NetworkError(SHELL_MESSAGES.serverUnreachable, { cause: err });
  }
}

/** A new TOTP secret to enrol (QR code and text), for an admin signed in with an enrol-only token. */
export const startTotpEnrolment = (token: string) => callWithToken(routes.totpSetup, token);

/** Signs an enrol-only session out (its token is kept in memory, never stored). */
export const endEnrolmentSession = (token: string) => callWithToken(routes.adminLogout, token);

/** Confirms the enrolment with a code: answers the ten recovery codes. */
export const confirmTotpEnrolment = (token: string, code: string) => callWithToken(routes.totpEnrol, token, { code });

/** Confirms a code now, so this session may export or bulk-reject for a few minutes. */
export const verifySecondFactor = (code: string) => call(routes.totpVerify, { body: { code } });

/** What narrows and orders the admin's list (all but status optional; see the contract's orderFilters). */
export type OrderQuery = Omit<NonNullable<RequestOf<'ordersCsv'>['query']>, 'status'> & { status: OrderStatus };

/** Leaves out empty filters, so the plain first page is asked for with `{status}` alone, as every client may. */
function filtersOf(query: OrderQuery): OrderQuery {
  const filters: OrderQuery = { status: query.status };
  if (query.search?.trim()) filters.search = query.search.trim();
  if (query.from) filters.from = query.from;
  if (query.to) filters.to = query.to;
  if (query.sort && query.sort !== 'date') filters.sort = query.sort;
  return filters;
}

/**
 * One page of the orders of a view (the server's default size): the first without `cursor`, the next
 * with the previous answer's `nextCursor`. `hasMore` and `nextCursor` are absent from a server without paging.
 */
export const getAdminOrders = (query: OrderQuery, cursor?: string) =>
  call(routes.getAdminOrders, { body: cursor ? { ...filtersOf(query), cursor } : filtersOf(query) });

export const getOrderCounts = () => call(routes.getOrderCounts, {}, { init: { cache: 'no-store' } });

/** The same move for several orders; the answer says per order what happened. */
export const bulkUpdateStatus = (body: BodyOf<'bulkUpdateStatus'>) => call(routes.bulkUpdateStatus, { body });

/** The address of the CSV export of every order of a view, search and range (not only the page shown). */
export const ordersCsvPath = (query: OrderQuery): string => addressOf(routes.ordersCsv, { query: filtersOf(query) });

/**
 * Downloads the CSV export as a file. It is fetched (the admin token goes in a header, never in an
 * address) and handed to the browser as a Blob. Answers the server's error text when it refuses.
 */
export const downloadOrdersCsv = (query: OrderQuery): Promise<Downloaded> =>
  downloadFile(ordersCsvPath(query), 'admin', `orders-${query.status}.csv`);

export const getOrderDetails = (orderId: string) => call(routes.getOrderDetails, { body: { order_id: orderId } });

/**
 * `from` is the status the admin saw: the server refuses the move if someone changed it meanwhile.
 * `reason` (a rejection's is shown to the customer) is sent only when given; so are a Finish's delivery day and note.
 */
export const updateOrderStatus = (
  orderId: string,
  status: OrderStatus,
  from?: OrderStatus,
  reason?: string,
  delivery: { deliveredOn?: string; note?: string } = {},
) =>
  call(routes.updateOrderStatus, {
    params: { id: orderId },
    body: {
      status,
      ...(from && { from }),
      ...(reason?.trim() && { reason: reason.trim() }),
      ...(delivery.deliveredOn && { deliveredOn: delivery.deliveredOn }),
      ...(delivery.note?.trim() && { note: delivery.note.trim() }),
    },
  });

/** Records or corrects the shipment of a processed order (`replacing`: the tracking number the admin saw, or null). */
export const recordShipment = (orderId: string, body: BodyOf<'recordShipment'>) =>
  call(routes.recordShipment, { params: { id: orderId }, body });

/** The newest enquiries of a type; `cursor` (the previous answer's nextCursor) asks for the older ones after them. */
export const getEnquiries = (type: EnquiryType, cursor?: string) =>
  call(routes.getEnquiries, { body: cursor ? { type, cursor } : { type } });

export const getEnquiryCounts = () => call(routes.getEnquiryCounts, {}, { init: { cache: 'no-store' } });

/** Erases a customer's account on their request (docs/privacy.md): their orders stay without their data. */
export const eraseCustomer = (email: string) => call(routes.eraseCustomer, { body: { email } });

/** A customer's account by its email, for a request about their data (Requests' "Customer data requests"). */
export const findCustomer = (email: string) => call(routes.findCustomer, { query: { email } });

/** The admin's own signed-in devices (src/components/devices/SignedInDevices.tsx). */
export const adminDevices: DeviceCalls = {
  list: () => call(routes.listAdminSessions),
  endOne: (id) => call(routes.endAdminSession, { params: { id } }),
  endOthers: () => call(routes.endOtherAdminSessions),
};

/** The signed-in admin's new password; their other sessions end. */
export const changeAdminPassword = (body: BodyOf<'changeAdminPassword'>) => call(routes.changeAdminPassword, { body });
