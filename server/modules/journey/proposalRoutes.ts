import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { api } from '#contract/api';
import { PROPOSAL_PICTURE_MAX_BASE64 } from '#contract/proposalLimits';

import { apiRoute } from '../../lib/apiRoute';
import { HttpError } from '../../lib/errors';
import { perCustomerKey } from '../../plugins/rateLimits';
import { sessionOf, sessionScope } from '../accounts/sessionAuth';
import { loadPicture, PICTURE_HEADERS, pictureEtag } from './images';
import { approveProposal, declineProposal, proposeGift } from './proposals';

/**
 * The proposal's body limit: a 2 MB picture as base64 and the proposal's few short fields. A picture too large for
 * the schema but within this is refused by the schema (400 naming Picture); a body beyond it is refused here.
 */
export const PROPOSAL_BODY_LIMIT = PROPOSAL_PICTURE_MAX_BASE64 + 16 * 1024;
const TOO_LARGE = 'The picture is larger than 2 MB';

/** A body announced larger than the limit is refused in the proposal's words, before any of it is read. */
const refuseLargeBody: onRequestAsyncHookHandler = async (request) => {
  if (Number(request.headers['content-length']) > PROPOSAL_BODY_LIMIT) throw new HttpError(413, TOO_LARGE);
};

/** The calls of a gift proposal (docs/api.md): staff propose, the customer answers, and the picture. */
const proposalRoutes: FastifyPluginAsyncZod = async (app) => {
  const orderMail = { publicUrl: app.config.publicUrl, dailyLimit: app.config.mailDailyLimit };

  // No session: an <img> and an email cannot send one. The random id is the capability (decision 0030).
  apiRoute(app, api.proposalImage, {}, async (request, reply) => {
    // Looked up first: a deleted picture answers 404 even to a browser that holds its ETag.
    const picture = await loadPicture(app.db, request.params.id);
    const etag = pictureEtag(request.params.id);
    void reply.headers(PICTURE_HEADERS).header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(picture.contentType).send(picture.bytes as unknown as undefined);
  });

  await app.register(
    sessionScope('admin', async (app) => {
      const options = { onRequest: refuseLargeBody, bodyLimit: PROPOSAL_BODY_LIMIT };
      apiRoute(app, api.proposeGift, options, async (request, reply) => {
        const result = await proposeGift(
          app.db,
          request.params.id,
          request.body,
          sessionOf(request).subjectId,
          orderMail,
        );
        app.mailWorker.kick();
        return reply.code(201).send({ success: true, ...result });
      });
    }),
  );

  await app.register(
    sessionScope('customer', async (app) => {
      // Counted with the customer's other order writes (orders/routes.ts): one count per account.
      const writeLimit = app.rateLimit({
        max: app.config.orderWriteRateLimit,
        timeWindow: '1 minute',
        keyGenerator: (request: FastifyRequest) => perCustomerKey('orders', sessionOf(request).subjectId),
      });

      apiRoute(app, api.approveProposal, { onRequest: writeLimit }, async (request) => ({
        success: true,
        ...(await approveProposal(app.db, sessionOf(request).subjectId, request.params.id)),
      }));

      apiRoute(app, api.declineProposal, { onRequest: writeLimit }, async (request) => ({
        success: true,
        ...(await declineProposal(app.db, sessionOf(request).subjectId, request.params.id, request.body.note)),
      }));
    }),
  );
};

export default proposalRoutes;
