import type { FastifyInstance } from 'fastify';

import type { Config } from '../config/config';
import { openDatabase, type Db } from '../db/db';
import { migrate } from '../db/migrate';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/**
 * app.db: the database from config (or `given`), migrated to the current schema, and `prepare` done (the first
 * admin put in place) before any route can run. A database opened here closes with the app; a `given` one stays
 * the caller's to close.
 */
export async function registerDatabase(
  app: FastifyInstance,
  config: Config,
  given: Db | undefined,
  prepare: (db: Db) => Promise<unknown>,
): Promise<void> {
  const db = given ?? (await openDatabase({ ...config, log: app.log.child({ component: 'database' }) }));
  try {
    await migrate(db);
    await prepare(db);
  } catch (err) {
    if (!given) await db.close();
    throw err;
  }
  if (!given) app.addHook('onClose', () => db.close());
  app.decorate('db', db);
}
