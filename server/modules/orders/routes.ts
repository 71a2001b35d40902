import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { ok } from '#contract/fields';
import {
  addGiftAnswer,
  giftOrderForm,
  giftOrderList,
  giftOrderUpdate,
  orderIdParams,
  profileIncompleteAnswer,
} from '#contract/orders';

import { HttpError } from '../../lib/errors';
import { hashToken } from '../../lib/secrets';
import { answers } from '../../plugins/openapi';
import { presentedToken, sessionOf, sessionRefused, sessionScope } from '../accounts/sessionAuth';
import { addOrder, deleteOrder, listOrdersJsonBySession, updateOrder } from './orders';
import { ordersEtag, versionsToMatch } from './ordersEtag';

const notModified = z.null().describe('Not modified: the list the caller holds (its If-None-Match) is current');

/** A new order always starts 'new': say so plainly rather than "unrecognized key". */
const refuseStatus: preValidationAsyncHookHandler = async (request) => {
  const body = request.body;
  if (body !== null && typeof body === 'object' && Object.hasOwn(body, 'status')) {
    throw new HttpError(400, "Customers cannot set an order's status");
  }
};

/** /api/gifts/*: a customer's own gift orders (docs/api.md). The rules live in services/gifts.ts. */
const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['gift orders'];
  const security = [{ customerToken: [] }];

  // The answer is the array of orders itself, as the contract has it. The hot path: the session is checked in
  // the same statement that reads the orders (one round trip), with the guard's rules and answer.
  app.get(
    '/api/gifts/getgifts',
    {
      schema: {
        tags,
        summary:
          "The caller's orders in progress and latest finished or rejected ones (CLOSED_ORDERS_LIST_LIMIT), by date then creation (a bare array)",
        description:
          "Answers an ETag that changes with every write to the caller's orders. Sent back in If-None-Match, it " +
          'gets 304 with no body while the list is unchanged (the session is checked all the same).',
        security,
        response: answers(giftOrderList, [401], 200, { 304: notModified }),
      },
    },
    async (request, reply) => {
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
      // Already JSON text (built by PostgreSQL): a string with a JSON content type is sent as it is.
      return reply.type('application/json; charset=utf-8').send(orders.json);
    },
  );

  // The writes: a request without a live customer session is refused before its body is even parsed.
  await app.register(
    sessionScope('customer', async (app) => {
      // Writes (place, edit, delete together) are limited per customer account, not per address: the
      // scope's session guard runs before the route's own onRequest hooks, so one customer cannot flood
      // the database from however many addresses. One limiter serves the three routes: one shared count.
      const writeLimit = app.rateLimit({
        max: app.config.orderWriteRateLimit,
        timeWindow: '1 minute',
        keyGenerator: (request: FastifyRequest) => `orders:${sessionOf(request).subjectId}`,
      });

      app.post(
        '/api/gifts/addgift',
        {
          onRequest: writeLimit,
          preValidation: refuseStatus,
          schema: {
            tags,
            summary: "Place an order (needs a complete profile; starts 'new'; date not in the past)",
            security,
            body: giftOrderForm,
            response: answers(addGiftAnswer, [400, 401, 409, 413, 429], 201, { 403: profileIncompleteAnswer }),
          },
        },
        async (request, reply) => {
          const _id = await addOrder(app.db, sessionOf(request).subjectId, request.body, {
            maxOpen: app.config.maxOpenOrders,
          });
          return reply.code(201).send({ success: true, _id });
        },
      );

      app.put(
        '/api/gifts/updateGift/:id',
        {
          onRequest: writeLimit,
          schema: {
            tags,
            summary:
              'Replace the whole order as getgifts answered it (not once processed or finished; the status only unchanged)',
            security,
            params: orderIdParams,
            body: giftOrderUpdate,
            response: answers(ok, [400, 401, 404, 409, 413, 429]),
          },
        },
        async (request) => {
          // The body's _id and other read-only fields are ignored: the path names the order.
          await updateOrder(app.db, sessionOf(request).subjectId, request.params.id, request.body);
          return { success: true };
        },
      );

      app.delete(
        '/api/gifts/deleteGift/:id',
        {
          onRequest: writeLimit,
          schema: {
            tags,
            summary: 'Delete the order (not once processed or finished)',
            security,
            params: orderIdParams,
            response: answers(ok, [401, 404, 409, 429]),
          },
        },
        async (request) => {
          await deleteOrder(app.db, sessionOf(request).subjectId, request.params.id);
          return { success: true };
        },
      );
    }),
  );
};

export default orderRoutes;
