import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';

import { registerSecurityHeaders } from './securityHeaders';

const OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'", 'https://api.example.com'],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  strictTransportSecurity: false,
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
};

async function appWith(register: (app: FastifyInstance) => Promise<void>) {
  const app = Fastify({ logger: false });
  await register(app);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw Object.assign(new Error('nope'), { statusCode: 409 });
  });
  app.get('/text', async (_request, reply) => reply.type('text/html').send('<p>hi</p>'));
  return app;
}

/** Every header but the ones that differ per response by nature. */
const stable = (headers: Record<string, unknown>) => {
  const { date: _date, ...rest } = headers;
  return rest;
};

describe('registerSecurityHeaders', () => {
  it('sends exactly the headers @fastify/helmet sends, on answers, errors and 404s', async () => {
    const viaHelmet = await appWith(async (app) => void (await app.register(helmet, OPTIONS)));
    const computedOnce = await appWith((app) => registerSecurityHeaders(app, OPTIONS));
    for (const url of ['/ok', '/fails', '/text', '/missing']) {
      const expected = await viaHelmet.inject({ method: 'GET', url });
      const actual = await computedOnce.inject({ method: 'GET', url });
      expect(actual.statusCode).toBe(expected.statusCode);
      expect(stable(actual.headers)).toEqual(stable(expected.headers));
    }
    const csp = (await computedOnce.inject({ method: 'GET', url: '/ok' })).headers['content-security-policy'];
    expect(csp).toContain("connect-src 'self' https://api.example.com");
    expect(csp).toContain("frame-ancestors 'none'");
    await viaHelmet.close();
    await computedOnce.close();
  });
});
