import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { buildServer } from '../../scripts/build-server.mjs';

/**
 * The server and its CLIs bundled once per test run, as `npm run build` bundles them, so that each process a test
 * starts runs plain JavaScript: through tsx every start compiled the server again (seconds each on a busy machine,
 * and twice for a new PGlite DATA_DIR, whose database a second copy of the program creates).
 */

/** Set by the global setup (tests/support/serverBundle.global-setup.ts) for the test workers it starts. */
const BUNDLE_DIR_ENV = 'GIFTWISE_TEST_SERVER_BUNDLE';

/**
 * Bundles into a new folder under node_modules/.cache (inside the checkout, so the bundle finds the npm packages
 * it leaves external; readable by every user, as a test runs the server as `nobody`); answers the folder.
 */
export async function bundleServer(): Promise<string> {
  const dir = path.resolve('node_modules/.cache/giftwise-test-server', crypto.randomUUID());
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  await buildServer(dir);
  process.env[BUNDLE_DIR_ENV] = dir;
  return dir;
}

export type ServerEntry = 'main' | 'cli/admin' | 'cli/backup';

/**
 * Node's arguments that run one of the server's programs: its bundle when the run made one, otherwise its source
 * through tsx (a test file run without the global setup).
 */
export function serverArgs(entry: ServerEntry): string[] {
  const dir = process.env[BUNDLE_DIR_ENV];
  return dir ? [path.join(dir, `${entry}.js`)] : ['--import', 'tsx', `server/${entry}.ts`];
}
