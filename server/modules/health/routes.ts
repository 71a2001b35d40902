import type { FastifyPluginAsync } from 'fastify';

/** 200 once the database answers; load balancers and the test harness poll it. */
const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', async (_request, reply) => {
    try {
      await app.db.query('select 1');
      return { status: 'ok' };
    } catch (err) {
      app.log.warn({ err }, 'health check failed: the database does not answer');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  if (app.config.benchRoutes) {
    // The baseline every benchmark ratio is measured against: no database, no auth.
    app.get('/bench/hello', async () => ({ hello: 'world' }));
  }
};

export default healthRoutes;
