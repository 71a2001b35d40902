import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

import { isDatabaseUnavailable } from '../db/unavailable';
import { HttpError } from '../lib/errors';
import { isApiUrl } from './responseHeaders';

interface ValidationIssue {
  instancePath: string;
  message?: string;
  keyword?: string;
}

/** Our own schema messages name their field; zod's generic ones ("Invalid input…") get the path added. */
export function describeValidation(issues: ValidationIssue[], context: string): string {
  const first = issues[0];
  const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const message = first.message ?? 'Invalid value';
  const generic = /^(Invalid|Unrecognized|Too (big|small)|Expected)/.test(message);
  if (context === 'body' && first.keyword === 'invalid_type' && field === '')
    return 'Request body must be a JSON object';
  return generic && field ? `${field}: ${message}` : message;
}

/** Answered with 503 when the database cannot be reached; the client may try again (Retry-After). */
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';
const RETRY_AFTER_SECONDS = 5;

/**
 * One place turns every failure into {success:false, error}. Client mistakes keep their 4xx and a
 * clear message; a database that cannot be reached is a 503 the client may retry; anything else is
 * logged and answered with a generic 500 that leaks no detail.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply
        .code(400)
        .send({ success: false, error: describeValidation(err.validation, err.validationContext ?? '') });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const error =
        err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'Request body is too large'
          : err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
            ? 'Request body is not valid JSON'
            : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Send the request body as application/json'
              : err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
                ? 'Request body is empty'
                : err.message;
      const details = err instanceof HttpError ? err.details : undefined;
      if (err instanceof HttpError && err.headers) void reply.headers(err.headers);
      return reply.code(status).send({ ...details, success: false, error });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'database unavailable; answered 503');
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ success: false, error: UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err }, 'request failed');
    return reply.code(500).send({ success: false, error: 'Something went wrong on our side. Please try again.' });
  });
}

/** Router refusals (an over-long or malformed path parameter) answer in the API's shape too. */
export function answerFrameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
  // These answers skip the onSend hooks (responseHeaders.ts), so they say no-store themselves.
  if (isApiUrl(request.url)) reply.header('cache-control', 'no-store');
  void reply
    .code(tooLong ? 414 : 400)
    .send({ success: false, error: tooLong ? 'A value in the address is too long' : 'The address is not valid' });
}
