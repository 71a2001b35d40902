import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminLoginBody, getOrderDetailsBody, getOrdersBody, updateGiftStatusBody } from '@/contract/admin';
import { orderIdParams } from '@/contract/gifts';
import { getNotesBody } from '@/contract/notes';
import { HttpError } from '../errors';
import { requireSession, sessionOf } from '../plugins/auth';
import { changeOrderStatus, getOrderDetails, listOrdersByStatus } from '../services/adminOrders';
import { adminEmail, authenticateAdmin } from '../services/admins';
import { listNotes } from '../services/notes';
import { createSession, revokeSession } from '../services/sessions';

/** The admin area: SPEC.md §7 /api/admin/* plus logout. Every call but login needs an admin token. */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = requireSession(app, 'admin');
  const limited = { rateLimit: { max: app.config.authRateLimit, timeWindow: '1 minute' } };

  app.post('/api/admin/login', { schema: { body: adminLoginBody }, config: limited }, async (request) => {
    const adminId = await authenticateAdmin(app.db, request.body.email, request.body.password);
    if (!adminId) throw new HttpError(401, 'Email or password is incorrect');
    return { success: true, authtoken: await createSession(app.db, 'admin', adminId) };
  });

  app.post('/api/admin/logout', { onRequest: admin }, async (request) => {
    await revokeSession(app.db, sessionOf(request).tokenHash);
    return { success: true };
  });

  app.get('/api/admin/check', { onRequest: admin }, async (request) => ({
    success: true,
    email: await adminEmail(app.db, sessionOf(request).subjectId),
  }));

  app.post('/api/admin/getOrders', { onRequest: admin, schema: { body: getOrdersBody } }, async (request) => {
    const { status, page, limit } = request.body;
    const { orders, hasMore } = await listOrdersByStatus(app.db, status, { page, limit });
    return { success: true, data: orders, page, limit, hasMore };
  });

  app.post('/api/admin/getOrderDetails', { onRequest: admin, schema: { body: getOrderDetailsBody } }, async (request) => ({
    success: true,
    ...(await getOrderDetails(app.db, request.body.order_id)),
  }));

  app.put(
    '/api/admin/updateGiftStatus/:id',
    { onRequest: admin, schema: { params: orderIdParams, body: updateGiftStatusBody } },
    async (request) => {
      const { status, from: expectedFrom } = request.body;
      const from = await changeOrderStatus(app.db, request.params.id, { to: status, expectedFrom }, sessionOf(request).subjectId);
      return { success: true, from, status };
    },
  );

  app.post('/api/admin/getNotes', { onRequest: admin, schema: { body: getNotesBody } }, async (request) => ({
    success: true,
    data: await listNotes(app.db, request.body.type),
  }));
};

export default adminRoutes;
