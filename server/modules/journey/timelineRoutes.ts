import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { api } from '#contract/api';

import { apiRoute } from '../../lib/apiRoute';
import { sessionOf, sessionScope } from '../accounts/sessionAuth';
import { addOrderNote } from './notes';
import { customerTimeline } from './timeline';

/** An order's timeline for its customer, and staff's internal notes (docs/api.md). Staff's timeline is in getOrderDetails. */
const timelineRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    sessionScope('customer', async (app) => {
      apiRoute(app, api.getOrderTimeline, {}, async (request) => ({
        success: true,
        steps: await customerTimeline(app.db, sessionOf(request).subjectId, request.params.id),
      }));
    }),
  );

  await app.register(
    sessionScope('admin', async (app) => {
      apiRoute(app, api.addOrderNote, {}, async (request, reply) => {
        const note = await addOrderNote(app.db, request.params.id, sessionOf(request).subjectId, request.body.body);
        return reply.code(201).send({ success: true, note });
      });
    }),
  );
};

export default timelineRoutes;
