import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  adminCheckAnswer,
  adminLoginBody,
  bulkUpdateStatusAnswer,
  bulkUpdateStatusBody,
  getOrderDetailsBody,
  getOrdersAnswer,
  getOrdersBody,
  orderCountsAnswer,
  orderDetailsAnswer,
  ordersCsvQuery,
  updateGiftStatusAnswer,
  updateGiftStatusBody,
} from '#contract/admin';
import { tokenAnswer } from '#contract/auth';
import { getNotesAnswer, getNotesBody, noteCountsAnswer } from '#contract/enquiries';
import { failure, ok } from '#contract/fields';
import { orderIdParams } from '#contract/orders';

import { HttpError } from '../../lib/errors';
import { answers } from '../../plugins/openapi';
import { sessionOf, sessionScope } from '../accounts/sessionAuth';
import { createSession, revokeSession } from '../accounts/sessions';
import { enquiryCounts, listEnquiries } from '../enquiries/enquiries';
import { adminEmail, authenticateAdmin } from './admins';
import { listOrders, openOrdersCsv, orderCounts } from './orderList';
import { bulkChangeStatus, changeOrderStatus, getOrderDetails } from './orderMoves';

/** The admin area: /api/admin/* (docs/api.md). Every call but login needs an admin token. */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const limited = { rateLimit: { max: app.config.authRateLimit, timeWindow: '1 minute' } };
  const tags = ['admin'];
  const security = [{ adminToken: [] }];

  app.post(
    '/api/admin/login',
    {
      schema: {
        tags,
        summary: 'Admin sign in',
        body: adminLoginBody,
        response: answers(tokenAnswer, [400, 401, 413, 429]),
      },
      config: limited,
    },
    async (request) => {
      const adminId = await authenticateAdmin(app.db, request.body.email, request.body.password);
      if (!adminId) throw new HttpError(401, 'Email or password is incorrect');
      return { success: true, authtoken: await createSession(app.db, 'admin', adminId) };
    },
  );

  // Every other call needs a live admin session (a customer's never opens it), checked before the body is read.
  await app.register(
    sessionScope('admin', async (app) => {
      app.post(
        '/api/admin/logout',
        { schema: { tags, summary: 'Admin sign out (revoke this session)', security, response: answers(ok, [401]) } },
        async (request) => {
          await revokeSession(app.db, sessionOf(request).tokenHash);
          return { success: true };
        },
      );

      app.get(
        '/api/admin/check',
        {
          schema: {
            tags,
            summary: 'Is this admin session alive? (names the admin)',
            security,
            response: answers(adminCheckAnswer, [401]),
          },
        },
        async (request) => ({
          success: true,
          email: await adminEmail(app.db, sessionOf(request).subjectId),
        }),
      );

      app.post(
        '/api/admin/getOrders',
        {
          schema: {
            tags,
            summary:
              'One page of the orders of a status, narrowed by search and delivery dates, sorted (default: soonest delivery first, 50)',
            security,
            body: getOrdersBody,
            response: answers(getOrdersAnswer, [400, 401, 413]),
          },
        },
        async (request) => {
          const { page, limit, cursor, ...filters } = request.body;
          const offset = page && page > 1 ? (page - 1) * limit : undefined;
          const list = await listOrders(app.db, filters, { limit, cursor, offset });
          return {
            success: true,
            data: list.orders,
            page: cursor ? null : (page ?? 1),
            limit,
            hasMore: list.hasMore,
            nextCursor: list.nextCursor,
          };
        },
      );

      app.post(
        '/api/admin/getOrderDetails',
        {
          schema: {
            tags,
            summary: 'An order with its status history, and its customer (card masked, no CVV)',
            security,
            body: getOrderDetailsBody,
            response: answers(orderDetailsAnswer, [400, 401, 404, 413]),
          },
        },
        async (request) => ({
          success: true,
          ...(await getOrderDetails(app.db, request.body.order_id)),
        }),
      );

      app.put(
        '/api/admin/updateGiftStatus/:id',
        {
          schema: {
            tags,
            summary: 'Move an order through the workflow (409 if the move is not allowed or `from` is stale)',
            security,
            params: orderIdParams,
            body: updateGiftStatusBody,
            response: answers(updateGiftStatusAnswer, [400, 401, 404, 409, 413, 414]),
          },
        },
        async (request) => {
          const { status, from: expectedFrom, reason } = request.body;
          const from = await changeOrderStatus(
            app.db,
            request.params.id,
            { to: status, expectedFrom, reason },
            sessionOf(request).subjectId,
            app.config.publicUrl,
          );
          return { success: true, from, status };
        },
      );

      app.post(
        '/api/admin/getNotes',
        {
          schema: {
            tags,
            summary: 'The enquiries of one type, newest first, 50 at a time (then from nextCursor)',
            security,
            body: getNotesBody,
            response: answers(getNotesAnswer, [400, 401, 413]),
          },
        },
        async (request) => {
          const { notes, nextCursor } = await listEnquiries(app.db, request.body.type, request.body.cursor);
          return { success: true, data: notes, nextCursor };
        },
      );

      app.get(
        '/api/admin/noteCounts',
        {
          schema: {
            tags,
            summary: 'How many enquiries each type holds',
            security,
            response: answers(noteCountsAnswer, [401]),
          },
        },
        async () => ({ success: true, counts: await enquiryCounts(app.db) }),
      );

      app.get(
        '/api/admin/orderCounts',
        {
          schema: {
            tags,
            summary: 'How many orders each status holds',
            security,
            response: answers(orderCountsAnswer, [401]),
          },
        },
        async () => ({ success: true, counts: await orderCounts(app.db) }),
      );

      app.post(
        '/api/admin/bulkUpdateStatus',
        {
          schema: {
            tags,
            summary:
              'The same move for up to 100 orders, each following the workflow on its own (refused if it has left `from`); the answer says per order what happened',
            security,
            body: bulkUpdateStatusBody,
            response: answers(bulkUpdateStatusAnswer, [400, 401, 413]),
          },
        },
        async (request) => {
          const { ids, status, from: expectedFrom, reason } = request.body;
          const results = await bulkChangeStatus(
            app.db,
            ids,
            { to: status, expectedFrom, reason },
            sessionOf(request).subjectId,
            app.config.publicUrl,
          );
          return { success: true, results };
        },
      );

      app.get(
        '/api/admin/orders.csv',
        {
          schema: {
            tags,
            summary:
              'Every order of a view, search and range as CSV (streamed), the same filters as getOrders; without status, all views',
            security,
            querystring: ordersCsvQuery,
            produces: ['text/csv'],
            // A stream is sent as it is (Fastify serialises no stream): the 200 is CSV text.
            response: {
              200: z.string().describe('CSV: a header row, then one row per order'),
              400: failure,
              401: failure,
            },
          },
        },
        async (request, reply) => {
          const filters = request.query;
          // Before any header is set: a failure here is still a plain error answer.
          const lines = await openOrdersCsv(app.db, filters);
          const day = new Date().toISOString().slice(0, 10);
          void reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header(
              'content-disposition',
              `attachment; filename="giftwise-orders-${filters.status ?? 'all'}-${day}.csv"`,
            )
            .header('cache-control', 'no-store');
          // Typed as the documented CSV text; Fastify pipes the stream as it comes.
          return reply.send(Readable.from(lines) as unknown as string);
        },
      );
    }),
  );
};

export default adminRoutes;
