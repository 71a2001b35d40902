import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { api } from '#contract/api';

import { apiRoute } from '../../lib/apiRoute';
import { perCustomerKey } from '../../plugins/rateLimits';
import { sessionOf, sessionScope } from '../accounts/sessionAuth';
import { rateGift } from './feedback';
import { recordShipment } from './shipment';

/**
 * The shipment staff record (admin token) and how the gift went, the customer's rating (customer token), each in
 * its own session scope (docs/api.md). The delivery is recorded by Finish (admin/orderMoves.ts).
 */
const shipmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const orderMail = { publicUrl: app.config.publicUrl, dailyLimit: app.config.mailDailyLimit };

  await app.register(
    sessionScope('admin', async (app) => {
      apiRoute(app, api.recordShipment, {}, async (request) => ({
        success: true,
        shipment: await recordShipment(
          app.db,
          request.params.id,
          request.body,
          sessionOf(request).subjectId,
          orderMail,
        ),
      }));
    }),
  );

  await app.register(
    sessionScope('customer', async (app) => {
      // An order write: it counts against the customer's limit of order writes (the same key as orders/routes.ts).
      const rateLimit = app.rateLimit({
        max: app.config.orderWriteRateLimit,
        timeWindow: '1 minute',
        keyGenerator: (request: FastifyRequest) => perCustomerKey('orders', sessionOf(request).subjectId),
      });
      apiRoute(app, api.rateGift, { onRequest: rateLimit }, async (request) => ({
        success: true,
        feedback: await rateGift(app.db, sessionOf(request).subjectId, request.params.id, request.body),
      }));
    }),
  );
};

export default shipmentRoutes;
