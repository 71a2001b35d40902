import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { api } from '#contract/api';

import { apiRoute } from '../../lib/apiRoute';
import { HttpError } from '../../lib/errors';
import { hashToken } from '../../lib/secrets';
import { perCustomerKey } from '../../plugins/rateLimits';
import { presentedToken, sessionOf, sessionRefused, sessionScope } from '../accounts/sessionAuth';
import { addOrder, deleteOrder, leadTimesOf, listOrdersJsonBySession, updateOrder } from './orders';
import { ordersEtag, versionsToMatch } from './ordersEtag';

/**
 * Sends an answer that is already JSON text (getgifts' list, built by PostgreSQL): a string with a JSON content type
 * is sent as it is, where the table's type would have Fastify serialise an object.
 */
function sendJsonText(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json);
}

/** A new order always starts 'new': say so plainly rather than "unrecognized key". */
const refuseStatus: preValidationAsyncHookHandler = async (request) => {
  const body = request.body;
  if (body !== null && typeof body === 'object' && Object.hasOwn(body, 'status')) {
    throw new HttpError(400, "Customers cannot set an order's status");
  }
};

/** /api/gifts/*: a customer's own gift orders (docs/api.md). The rules live in services/gifts.ts. */
const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  // The answer is the array of orders itself, as the contract has it. The hot path: the session is checked in
  // the same statement that reads the orders (one round trip), with the guard's rules and answer.
  apiRoute(app, api.getOrders, {}, async (request, reply) => {
    const closedLimit = app.config.closedOrdersListLimit;
    const orders = await listOrdersJsonBySession(
      app.db,
      hashToken(presentedToken(request, 'customer')),
      closedLimit,
      versionsToMatch(request.headers['if-none-match'], closedLimit),
    );
    if (orders === null) throw sessionRefused('customer');
    reply.header('etag', ordersEtag(orders.version, closedLimit));
    // The caller holds the current list: no body (the SPA keeps it in memory; API answers stay no-store).
    if (orders.json === null) return reply.code(304).send();
    return sendJsonText(reply, orders.json);
  });

  // The writes, and the lead times the order form reads: a request without a live customer session is refused
  // before its body is even parsed.
  await app.register(
    sessionScope('customer', async (app) => {
      // Writes (place, edit, delete together) are limited per customer account, not per address: the
      // scope's session guard runs before the route's own onRequest hooks, so one customer cannot flood
      // the database from however many addresses. One limiter serves the three routes: one shared count.
      const writeLimit = app.rateLimit({
        max: app.config.orderWriteRateLimit,
        timeWindow: '1 minute',
        keyGenerator: (request: FastifyRequest) => perCustomerKey('orders', sessionOf(request).subjectId),
      });

      apiRoute(app, api.getLeadTimes, {}, async (request) => ({
        success: true as const,
        ...(await leadTimesOf(app.db, sessionOf(request).subjectId, app.config.leadDays)),
      }));

      apiRoute(app, api.addOrder, { onRequest: writeLimit, preValidation: refuseStatus }, async (request, reply) => {
        const _id = await addOrder(app.db, sessionOf(request).subjectId, request.body, {
          maxOpen: app.config.maxOpenOrders,
          leadDays: app.config.leadDays,
          mail: { publicUrl: app.config.publicUrl, dailyLimit: app.config.mailDailyLimit },
        });
        return reply.code(201).send({ success: true, _id });
      });

      apiRoute(app, api.updateOrder, { onRequest: writeLimit }, async (request) => {
        // The body's _id and other read-only fields are ignored: the path names the order.
        await updateOrder(app.db, sessionOf(request).subjectId, request.params.id, request.body, {
          leadDays: app.config.leadDays,
        });
        return { success: true };
      });

      apiRoute(app, api.deleteOrder, { onRequest: writeLimit }, async (request) => {
        await deleteOrder(app.db, sessionOf(request).subjectId, request.params.id);
        return { success: true };
      });
    }),
  );
};

export default orderRoutes;
