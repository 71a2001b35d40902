import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { api } from '#contract/api';

import { apiRoute } from '../../lib/apiRoute';
import { addEnquiry } from './enquiries';

/** The public enquiry intake behind the footer dialogs and the contact form (no token needed). */
const enquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  const limited = { rateLimit: { max: app.config.noteRateLimit, timeWindow: '1 minute' } };
  apiRoute(app, api.addEnquiry, { config: limited }, async (request, reply) => {
    const _id = await addEnquiry(app.db, request.body);
    return reply.code(201).send({ success: true, _id });
  });
};

export default enquiryRoutes;
