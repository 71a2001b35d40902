import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { putNoteAnswer, putNoteBody } from '#contract/enquiries';

import { answers } from '../../plugins/openapi';
import { addEnquiry } from './enquiries';

/** The public enquiry intake behind the footer dialogs and the contact form (no token needed). */
const enquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  const limited = { rateLimit: { max: app.config.noteRateLimit, timeWindow: '1 minute' } };
  app.post(
    '/api/auth/putNote',
    {
      schema: {
        tags: ['enquiries'],
        summary: 'Send an enquiry (public)',
        body: putNoteBody,
        response: answers(putNoteAnswer, [400, 413, 429], 201),
      },
      config: limited,
    },
    async (request, reply) => {
      const _id = await addEnquiry(app.db, request.body);
      return reply.code(201).send({ success: true, _id });
    },
  );
};

export default enquiryRoutes;
