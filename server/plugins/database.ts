import type { FastifyInstance } from 'fastify';

import type { Config } from '../config';
import { openDatabase, type Db } from '../db/db';
import { migrate } from '../db/migrate';
import { bootstrapAdmin, checkBootstrapConfig } from '../services/admins';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/**
 * app.db: the database from config (or `given`), migrated to the current schema and with its first
 * admin in place before any route can run. A database opened here closes with the app; a `given`
 * one stays the caller's to close.
 */
export async function registerDatabase(app: FastifyInstance, config: Config, given?: Db): Promise<void> {
  checkBootstrapConfig(config);
  const db = given ?? (await openDatabase({ ...config, log: app.log.child({ component: 'database' }) }));
  try {
    await migrate(db);
    await bootstrapAdmin(db, config, app.log);
  } catch (err) {
    if (!given) await db.close();
    throw err;
  }
  if (!given) app.addHook('onClose', () => db.close());
  app.decorate('db', db);
}
