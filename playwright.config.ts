import { defineConfig, devices } from '@playwright/test';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium';

/**
 * Each worker starts its own server (the built SPA and the compiled server, as `npm start` runs them) on a DATA_DIR
 * of its own, on port E2E_PORT + its index (tests/e2e/test.ts); `npm run test:e2e` builds both first.
 * E2E_WORKERS sets how many run at once (2 by default, one per core of the machine CI runs on).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Spec files are spread over the workers; the tests of one file run in order, in one worker.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: true,
  retries: 0,
  reporter: [['list']],
  use: {
    // A failed test keeps its trace (actions, network, DOM snapshots) without the screencast: recording a frame for
    // every action was about a tenth of the browser tests' CPU (public and session specs: 29.3 s against 26.6 s,
    // /usr/bin/time); the failure's own screenshot is still taken.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
});
