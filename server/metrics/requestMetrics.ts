import type { FastifyInstance } from 'fastify';
import { Histogram, type Registry } from 'prom-client';

/** The route label of a request that matched no route (the SPA's pages, unknown paths): one series for all. */
export const NO_ROUTE = '(no route)';

/**
 * Every answer's duration, labelled by method, route pattern ('/api/gifts/updateGift/:id', never the address
 * itself: ids and query strings would make a series per request) and status. The histogram's _count is the
 * request count.
 */
export function recordRequests(app: FastifyInstance, registry: Registry): void {
  const duration = new Histogram({
    name: 'giftwise_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route pattern and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      { method: request.method, route: request.routeOptions.url ?? NO_ROUTE, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
