import type { FastifyInstance } from 'fastify';

import type { Config } from '../config/config';
import { serveBackups, type BackupSocket } from '../db/backup';

/**
 * On PGlite, the running server answers `npm run backup` on DATA_DIR/backup.sock (server/db/backup.ts): no
 * other process may open its database meanwhile. From when the app is ready; closed before the database.
 */
export function registerBackupSocket(app: FastifyInstance, config: Config): void {
  let socket: BackupSocket | null = null;
  app.addHook('onReady', async () => {
    socket = await serveBackups(app.db, config.dataDir, app.log.child({ job: 'backup' }));
  });
  app.addHook('onClose', async () => {
    await socket?.close();
  });
}
