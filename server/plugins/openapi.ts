import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

import { failure } from '#contract/fields';
import { AUTH_HEADER } from '#contract/http';

/**
 * The OpenAPI document, generated from the zod schemas the routes declare, served at /api/docs.
 * Register before the routes so it sees them.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Giftwise API',
        version: '1.0.0',
        description:
          'Every answer carries `success`; refusals add `error`, a human-readable reason. Tokens from sign-in go in the `auth-token` header.',
      },
      components: {
        securitySchemes: {
          customerToken: { type: 'apiKey', in: 'header', name: AUTH_HEADER, description: 'Customer session token' },
          adminToken: { type: 'apiKey', in: 'header', name: AUTH_HEADER, description: 'Admin session token' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
}

/**
 * Response schemas for a route's documentation: its success body under `status`, the
 * `{success:false, error}` body under each refusal it can give, and `richer` refusals that say more.
 */
export function answers(
  success: ZodType,
  refusals: number[],
  status = 200,
  richer: Record<number, ZodType> = {},
): Record<number, ZodType> {
  return { ...Object.fromEntries([[status, success], ...refusals.map((code) => [code, failure])]), ...richer };
}
