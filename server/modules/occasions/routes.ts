import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { api } from '#contract/api';

import { apiRoute } from '../../lib/apiRoute';
import { perCustomerKey } from '../../plugins/rateLimits';
import { sessionOf, sessionScope } from '../accounts/sessionAuth';
import { addOccasion, deleteOccasion, listOccasions, upcomingOccurrences, updateOccasion } from './occasions';

/** The customer's occasions and their coming dates (docs/api.md). */
const occasionRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    sessionScope('customer', async (app) => {
      // Writes are limited per customer account, as order writes are (orders/routes.ts): one count for the three.
      const writeLimit = app.rateLimit({
        max: app.config.occasionWriteRateLimit,
        timeWindow: '1 minute',
        keyGenerator: (request: FastifyRequest) => perCustomerKey('occasions', sessionOf(request).subjectId),
      });

      apiRoute(app, api.listOccasions, {}, async (request) => ({
        success: true as const,
        data: await listOccasions(app.db, sessionOf(request).subjectId),
      }));

      apiRoute(app, api.getUpcoming, {}, async (request) => ({
        success: true as const,
        data: await upcomingOccurrences(app.db, sessionOf(request).subjectId, request.query.days, app.config.leadDays),
      }));

      apiRoute(app, api.addOccasion, { onRequest: writeLimit }, async (request, reply) => {
        const { people, datesPerPerson } = app.config.peopleLimits;
        const limits = { occasions: app.config.maxOccasions, people, datesPerPerson };
        const _id = await addOccasion(app.db, sessionOf(request).subjectId, request.body, limits);
        return reply.code(201).send({ success: true, _id });
      });

      apiRoute(app, api.updateOccasion, { onRequest: writeLimit }, async (request) => {
        const { _id: _ignored, ...fields } = request.body;
        await updateOccasion(app.db, sessionOf(request).subjectId, request.params.id, fields);
        return { success: true as const };
      });

      apiRoute(app, api.deleteOccasion, { onRequest: writeLimit }, async (request) => {
        await deleteOccasion(app.db, sessionOf(request).subjectId, request.params.id);
        return { success: true as const };
      });
    }),
  );
};

export default occasionRoutes;
