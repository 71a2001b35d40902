import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  adminCheckAnswer,
  adminLoginBody,
  getOrderDetailsBody,
  getOrdersAnswer,
  getOrdersBody,
  orderDetailsAnswer,
  updateGiftStatusAnswer,
  updateGiftStatusBody,
} from '#contract/admin';
import { tokenAnswer } from '#contract/auth';
import { ok } from '#contract/fields';
import { orderIdParams } from '#contract/gifts';
import { getNotesAnswer, getNotesBody } from '#contract/notes';

import { HttpError } from '../errors';
import { sessionOf, sessionScope } from '../plugins/auth';
import { answers } from '../plugins/openapi';
import { changeOrderStatus, getOrderDetails, listOrdersByStatus } from '../services/adminOrders';
import { adminEmail, authenticateAdmin } from '../services/admins';
import { listNotes } from '../services/notes';
import { createSession, revokeSession } from '../services/sessions';

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
            summary: 'One page of the orders of a status, soonest delivery first (default: first page of 50)',
            security,
            body: getOrdersBody,
            response: answers(getOrdersAnswer, [400, 401, 413]),
          },
        },
        async (request) => {
          const { status, page = 1, limit } = request.body;
          const { orders, hasMore } = await listOrdersByStatus(app.db, status, { page, limit });
          return { success: true, data: orders, page, limit, hasMore, nextCursor: null };
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
          const { status, from: expectedFrom } = request.body;
          const from = await changeOrderStatus(
            app.db,
            request.params.id,
            { to: status, expectedFrom },
            sessionOf(request).subjectId,
          );
          return { success: true, from, status };
        },
      );

      app.post(
        '/api/admin/getNotes',
        {
          schema: {
            tags,
            summary: 'The enquiries of one type, newest first',
            security,
            body: getNotesBody,
            response: answers(getNotesAnswer, [400, 401, 413]),
          },
        },
        async (request) => ({
          success: true,
          data: await listNotes(app.db, request.body.type),
          nextCursor: null,
        }),
      );
    }),
  );
};

export default adminRoutes;
