import type { FastifyInstance } from 'fastify';

/** Addresses of the API (including unknown ones under it), as opposed to the site's pages and assets. */
export const isApiUrl = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** What every answer carries that depends on the request (the fixed security headers are securityHeaders.ts). */
export function registerResponseHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    // The request's id, as its log lines carry it, so a report from a client finds them.
    reply.header('x-request-id', request.id);
    // HSTS only on answers that really went out over HTTPS.
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    // API answers are personal (orders, profiles, card digits) or about a session: no cache may keep them, unless
    // the route chose otherwise (the calendar feed: kept privately, asked again with its ETag each time).
    if (isApiUrl(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
