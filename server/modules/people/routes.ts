import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { api } from '#contract/api';

import { apiRoute } from '../../lib/apiRoute';
import { perCustomerKey } from '../../plugins/rateLimits';
import { sessionOf, sessionScope } from '../accounts/sessionAuth';
import { addGiftIdea, deleteGiftIdea, markGiftIdea } from './giftIdeas';
import { addPerson, deletePerson, updatePerson } from './people';
import { getPerson, listPeople } from './peopleReads';
import { addPersonDate, deletePersonDate, updatePersonDate } from './personDates';

/** /api/people: the customer's people, their dates and gift ideas (docs/api.md). */
const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    sessionScope('customer', async (app) => {
      // A person's dates are occasions: every write here counts with the occasion writes, per customer account
      // (OCCASION_WRITE_RATE_LIMIT), so one customer has one budget for the two ways of writing the same rows.
      const writeLimit = app.rateLimit({
        max: app.config.occasionWriteRateLimit,
        timeWindow: '1 minute',
        keyGenerator: (request: FastifyRequest) => perCustomerKey('occasions', sessionOf(request).subjectId),
      });
      const write = { onRequest: writeLimit };
      const limits = app.config.peopleLimits;
      const customer = (request: FastifyRequest) => sessionOf(request).subjectId;

      apiRoute(app, api.listPeople, {}, async (request) => ({
        success: true as const,
        data: await listPeople(app.db, customer(request)),
      }));

      apiRoute(app, api.getPerson, {}, async (request) => ({
        success: true as const,
        data: await getPerson(app.db, customer(request), request.params.id),
      }));

      apiRoute(app, api.addPerson, write, async (request, reply) => {
        const _id = await addPerson(app.db, customer(request), request.body, limits.people);
        return reply.code(201).send({ success: true, _id });
      });

      apiRoute(app, api.updatePerson, write, async (request) => {
        // What GET answered besides the editable fields (its _id, dates, ideas, gifts) is accepted and ignored:
        // only the person's own fields are written (personColumns).
        await updatePerson(app.db, customer(request), request.params.id, request.body);
        return { success: true as const };
      });

      apiRoute(app, api.deletePerson, write, async (request) => {
        await deletePerson(app.db, customer(request), request.params.id);
        return { success: true as const };
      });

      apiRoute(app, api.addPersonDate, write, async (request, reply) => {
        const _id = await addPersonDate(app.db, customer(request), request.params.id, request.body, {
          datesPerPerson: limits.datesPerPerson,
          occasions: app.config.maxOccasions,
        });
        return reply.code(201).send({ success: true, _id });
      });

      apiRoute(app, api.updatePersonDate, write, async (request) => {
        // The echoed _id is ignored: only the date's own fields are written.
        await updatePersonDate(app.db, customer(request), request.params.id, request.params.dateId, request.body);
        return { success: true as const };
      });

      apiRoute(app, api.deletePersonDate, write, async (request) => {
        await deletePersonDate(app.db, customer(request), request.params.id, request.params.dateId);
        return { success: true as const };
      });

      apiRoute(app, api.addGiftIdea, write, async (request, reply) => {
        const _id = await addGiftIdea(
          app.db,
          customer(request),
          request.params.id,
          request.body.text,
          limits.ideasPerPerson,
        );
        return reply.code(201).send({ success: true, _id });
      });

      apiRoute(app, api.updateGiftIdea, write, async (request) => {
        await markGiftIdea(app.db, customer(request), request.params.id, request.params.ideaId, request.body.used);
        return { success: true as const };
      });

      apiRoute(app, api.deleteGiftIdea, write, async (request) => {
        await deleteGiftIdea(app.db, customer(request), request.params.id, request.params.ideaId);
        return { success: true as const };
      });
    }),
  );
};

export default peopleRoutes;
