import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '#contract/fields';
import {
  addOccasionAnswer,
  occasionFields,
  occasionIdParams,
  occasionList,
  occasionUpdate,
  upcomingAnswer,
  upcomingQuery,
} from '#contract/occasions';

import { answers } from '../../plugins/openapi';
import { sessionOf, sessionScope } from '../accounts/sessionAuth';
import { addOccasion, deleteOccasion, listOccasions, upcomingOccurrences, updateOccasion } from './occasions';

/** The customer's occasions and their coming dates (docs/api.md). */
const occasionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['occasions and reminders'];
  const security = [{ customerToken: [] }];

  await app.register(
    sessionScope('customer', async (app) => {
      app.get(
        '/api/occasions',
        {
          schema: {
            tags,
            summary: "The caller's occasions, by date",
            security,
            response: answers(occasionList, [401]),
          },
        },
        async (request) => ({
          success: true as const,
          data: await listOccasions(app.db, sessionOf(request).subjectId),
        }),
      );

      app.get(
        '/api/occasions/upcoming',
        {
          schema: {
            tags,
            summary:
              "The caller's occasions in the next `days` days (default 60), soonest first, with the order covering each",
            security,
            querystring: upcomingQuery,
            response: answers(upcomingAnswer, [400, 401]),
          },
        },
        async (request) => ({
          success: true as const,
          data: await upcomingOccurrences(app.db, sessionOf(request).subjectId, request.query.days),
        }),
      );

      app.post(
        '/api/occasions',
        {
          schema: {
            tags,
            summary: 'Add an occasion',
            security,
            body: occasionFields,
            response: answers(addOccasionAnswer, [400, 401, 409, 413], 201),
          },
        },
        async (request, reply) => {
          const _id = await addOccasion(app.db, sessionOf(request).subjectId, request.body, app.config.maxOccasions);
          return reply.code(201).send({ success: true, _id });
        },
      );

      app.put(
        '/api/occasions/:id',
        {
          schema: {
            tags,
            summary: 'Replace the whole occasion',
            security,
            params: occasionIdParams,
            body: occasionUpdate,
            response: answers(ok, [400, 401, 404, 413]),
          },
        },
        async (request) => {
          const { _id: _ignored, ...fields } = request.body;
          await updateOccasion(app.db, sessionOf(request).subjectId, request.params.id, fields);
          return { success: true as const };
        },
      );

      app.delete(
        '/api/occasions/:id',
        {
          schema: {
            tags,
            summary: 'Delete the occasion',
            security,
            params: occasionIdParams,
            response: answers(ok, [401, 404]),
          },
        },
        async (request) => {
          await deleteOccasion(app.db, sessionOf(request).subjectId, request.params.id);
          return { success: true as const };
        },
      );
    }),
  );
};

export default occasionRoutes;
