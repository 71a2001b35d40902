import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Registry } from 'prom-client';

import type { Config } from '../config/config';
import { databaseGauges } from '../metrics/databaseMetrics';
import { listenForMetrics, type MetricsServer } from '../metrics/metricsServer';
import { recordRequests } from '../metrics/requestMetrics';

/**
 * GET /metrics in the Prometheus text format, on METRICS_PORT only (never on the public port); without that
 * setting nothing is recorded or served. A registry of this app's own (not prom-client's global one), so several
 * apps in one process (the tests) each count their own. Register after the database and the reminder run, and
 * before the routes, so every route's answers are counted.
 */
export function registerMetrics(app: FastifyInstance, config: Config): void {
  if (!config.metrics) return;
  const where = config.metrics;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  recordRequests(app, registry);
  const refresh = databaseGauges(registry, app.db, app.reminders, app.log);

  let server: MetricsServer | null = null;
  app.addHook('onReady', async () => {
    server = await listenForMetrics(
      where,
      async () => {
        await refresh();
        return { contentType: registry.contentType, body: await registry.metrics() };
      },
      app.log,
    );
  });
  app.addHook('onClose', async () => server?.close());
}
