import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

import { responsesOf, type Endpoint } from '#contract/api';

/** A Fastify instance whose routes are typed by their zod schemas (fastify-type-provider-zod). */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The Fastify schema an entry of the API table gives its route: what validation reads and the OpenAPI document shows. */
type SchemaOf<E extends Endpoint> = {
  params: E extends { params: infer P extends z.ZodType } ? P : undefined;
  querystring: E extends { query: infer Q extends z.ZodType } ? Q : undefined;
  body: E extends { body: infer B extends z.ZodType } ? B : undefined;
  // What a handler sends: the table's answers (a refusal is thrown, as an HttpError, and answered by the error
  // handler). A 304 is documented as null but sent with no body at all (reply.send()).
  response: { [S in keyof E['answers']]: S extends 304 ? z.ZodUndefined : E['answers'][S] };
};

/** The security requirement of each kind of token, as registerOpenApi names the schemes. */
const SECURITY = { customer: [{ customerToken: [] }], admin: [{ adminToken: [] }] } as const;

/** The entry's description, with what its fresh-code gate asks (decision 0044) said once for every gated call. */
function describe(endpoint: Endpoint): string {
  const gate =
    endpoint.freshCode &&
    `Wants a code confirmed in the last ADMIN_FRESH_FACTOR_MINUTES${endpoint.freshCode === 'rejection' ? ' to reject' : ''}` +
      ' (403 with `secondFactor: "totp"` otherwise; POST /api/admin/2fa/verify confirms one).';
  return [endpoint.description, gate].filter(Boolean).join(' ');
}

/** Everything of a route but what the table says: its hooks (a rate limit, a check before validation) and config. */
export type RouteOptions = Omit<RouteShorthandOptions, 'schema'>;

/**
 * Registers the server's side of one call of the API table (contract/api.ts): its method and path, and as its
 * schema the table's params, query, body and answers, so that validation, the OpenAPI document and the handler's
 * types all come from the table. The token is checked by the session scope the route is registered in
 * (plugins/auth.ts); the route-table test holds the two to agree.
 */
export function apiRoute<E extends Endpoint>(
  app: ZodApp,
  endpoint: E,
  options: RouteOptions,
  // Typed once E is known from the entry, so that its answers type the handler's literal `success: true`.
  handler: NoInfer<
    RouteHandlerMethod<
      RawServerDefault,
      RawRequestDefaultExpression,
      RawReplyDefaultExpression,
      RouteGenericInterface,
      ContextConfigDefault,
      SchemaOf<E>,
      ZodTypeProvider
    >
  >,
): void {
  const schema: FastifySchema & { hide?: boolean; tags: string[]; summary: string; security?: unknown } = {
    tags: [endpoint.tag],
    summary: endpoint.summary,
    ...((endpoint.description || endpoint.freshCode) && { description: describe(endpoint) }),
    ...(endpoint.auth !== 'none' && { security: SECURITY[endpoint.auth] }),
    ...(endpoint.params && { params: endpoint.params }),
    ...(endpoint.query && { querystring: endpoint.query }),
    ...(endpoint.body && { body: endpoint.body }),
    ...(endpoint.produces && { produces: [...endpoint.produces] }),
    ...(endpoint.hide && { hide: true }),
  };
  const response = responsesOf(endpoint);
  if (Object.keys(response).length > 0) schema.response = response;
  // The schema is built from the same entry SchemaOf<E> reads, so the handler's types are the schema's.
  // The route table's fresh-code gate goes with the route's config, where the admin module's one check finds it.
  const config = endpoint.freshCode ? { ...options.config, freshCode: endpoint.freshCode } : options.config;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...options,
    config,
    schema: schema as SchemaOf<E>,
    handler,
  });
}
