import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';

import { openPglite, pgliteDirOf, type Db } from '../../server/db/db';
import { migrate } from '../../server/db/migrate';
import { spawnServer } from '../support/serverProcess';
import { E2E_ADMIN, E2E_ADMIN_TOTP_SECRET } from './support';

/**
 * The browser tests' `test`: each Playwright worker runs its own server, as `npm start` runs it (the built SPA and
 * the compiled server, npm run test:e2e builds both first), on a DATA_DIR of its own. Workers run side by side
 * without seeing each other's orders, enquiries or emails.
 */

/** The first port of the browser tests' servers: worker n listens on E2E_PORT + n (playwright.config.ts). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

export interface E2EServer {
  url: string;
  /** Its DATA_DIR: the outbox of emails is DATA_DIR/outbox. */
  dataDir: string;
}

interface WorkerFixtures {
  server: E2EServer;
  /**
   * Fills the database before the server starts on it (a spec sets it with test.use: its tests then get a worker
   * and a server of their own): thousands of rows are written over SQL in a moment, where HTTP took minutes.
   * (An object: Playwright would take a bare function for a fixture.)
   */
  seed: { write: (db: Db) => Promise<void> } | null;
}

async function expectFreePort(port: number): Promise<void> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE'
          ? new Error(`Port ${port} is in use: stop what listens there, or set E2E_PORT to a free range.`)
          : err,
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

export const test = base.extend<object, WorkerFixtures>({
  seed: [null, { scope: 'worker', option: true }],
  server: [
    async ({ seed }, use, workerInfo) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giftwise-e2e-'));
      if (seed) {
        const db = await openPglite(pgliteDirOf(dataDir));
        try {
          await migrate(db);
          await seed.write(db);
        } finally {
          await db.close();
        }
      }
      const port = E2E_PORT + workerInfo.parallelIndex;
      // Another program on the port would answer the health check in the server's place.
      await expectFreePort(port);
      const url = `http://127.0.0.1:${port}`;
      const server = await spawnServer(
        {
          DATA_DIR: dataDir,
          STATIC_DIR: 'dist',
          PUBLIC_URL: url,
          AUTH_RATE_LIMIT: '200',
          NOTE_RATE_LIMIT: '200',
          // The occasions journey waits for a reminder email: a run every 2 s instead of every 5 minutes.
          REMINDER_SWEEP_SECONDS: '2',
          // The first admin (server bootstrap from the admin-area issue).
          ADMIN_EMAIL: E2E_ADMIN.email,
          ADMIN_PASSWORD: E2E_ADMIN.password,
          ADMIN_TOTP_SECRET: E2E_ADMIN_TOTP_SECRET,
        },
        port,
        'compiled',
      );
      // latestMailTo (support.ts) reads this worker's outbox.
      process.env.E2E_DATA_DIR = dataDir;
      try {
        await use({ url, dataDir });
      } finally {
        await server.kill();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});

export { expect } from '@playwright/test';
