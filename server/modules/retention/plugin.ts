import type { FastifyInstance } from 'fastify';

import type { Config } from '../../config/config';
import { createPurgeScheduler } from './purge';

/**
 * The purge of ended sessions, expired links, old email records and failed sign-ins that no longer count
 * (server/modules/retention/purge.ts): tried once the app is ready and every PURGE_INTERVAL_MINUTES; the try in
 * progress ends before the database closes.
 */
export function registerRetention(app: FastifyInstance, config: Config): void {
  const scheduler = createPurgeScheduler({
    db: app.db,
    retention: config.retention,
    everyMs: config.purgeIntervalMs,
    log: app.log.child({ job: 'purge' }),
  });
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', () => scheduler.stop());
}
