import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, type ZodTypeProvider } from 'fastify-type-provider-zod';

import { api } from '#contract/api';
import { AUTH_HEADER } from '#contract/http';

import { apiRoute } from '../lib/apiRoute';

/**
 * The OpenAPI document, generated from the zod schemas the routes declare (the route table's, contract/api.ts),
 * served at /api/docs.
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
  apiRoute(app.withTypeProvider<ZodTypeProvider>(), api.apiDocs, {}, async () => app.swagger());
}
