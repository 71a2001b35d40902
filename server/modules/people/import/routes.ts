import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { api } from '#contract/api';
import { IMPORT_MAX_BYTES } from '#contract/people';

import type { Config } from '../../../config/config';
import { apiRoute } from '../../../lib/apiRoute';
import { HttpError } from '../../../lib/errors';
import { perCustomerKey } from '../../../plugins/rateLimits';
import { sessionOf, sessionScope } from '../../accounts/sessionAuth';
import { commitImport, previewImport, type ImportLimits } from './importPeople';

/**
 * The body limit of the two calls: a file of IMPORT_MAX_BYTES sent as a JSON string. Escaping at most doubles
 * a text (a line end or a quote takes two characters), so whatever file the import dialog lets through fits;
 * the schema then holds the content itself to IMPORT_MAX_BYTES characters.
 */
export const IMPORT_BODY_LIMIT = 2 * IMPORT_MAX_BYTES + 1024;
const TOO_LARGE = 'The file is larger than 1 MB';

/** A body announced larger than the limit is refused in the import's words, before it is read. */
const refuseLargeFile: onRequestAsyncHookHandler = async (request) => {
  if (Number(request.headers['content-length']) > IMPORT_BODY_LIMIT) throw new HttpError(413, TOO_LARGE);
};

/**
 * The limits an import keeps to. MAX_PEOPLE, when the configuration has it; otherwise the dates' limit bounds
 * the people too, as every imported person has a date.
 */
function importLimits(config: Config): ImportLimits {
  const { people, datesPerPerson } = config.peopleLimits;
  return { maxPeople: people, maxDates: config.maxOccasions, datesPerPerson };
}

/** POST /api/people/import/preview and /api/people/import: people and dates from a vCard or CSV file (docs/api.md). */
const peopleImportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    sessionScope('customer', async (app) => {
      // Counted with the other people and occasion writes (people/routes.ts, decision 0021): one count per
      // customer. The preview too: it reads a file of up to 1 MB.
      const writeLimit = app.rateLimit({
        max: app.config.occasionWriteRateLimit,
        timeWindow: '1 minute',
        keyGenerator: (request: FastifyRequest) => perCustomerKey('occasions', sessionOf(request).subjectId),
      });
      const options = { onRequest: [writeLimit, refuseLargeFile], bodyLimit: IMPORT_BODY_LIMIT };

      apiRoute(app, api.previewImport, options, async (request) =>
        previewImport(app.db, sessionOf(request).subjectId, request.body, importLimits(app.config)),
      );

      apiRoute(app, api.commitImport, options, async (request) =>
        commitImport(app.db, sessionOf(request).subjectId, request.body, importLimits(app.config)),
      );
    }),
  );
};

export default peopleImportRoutes;
