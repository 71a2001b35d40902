import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium';

// One temporary DATA_DIR per run, shared with the workers (they inherit the env) so tests can read the outbox.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'giftwise-e2e-'));
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  reporter: [['list']],
  globalTeardown: './tests/e2e/teardown.ts',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // The built SPA and the compiled server, as `npm start` runs them (npm run test:e2e builds both
    // first), on a throwaway database.
    command: 'node dist/server/main.js',
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      STATIC_DIR: 'dist',
      PUBLIC_URL: BASE_URL,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '200',
      NOTE_RATE_LIMIT: '200',
      // The occasions journey waits for a reminder email: a run every 2 s instead of every 5 minutes.
      REMINDER_SWEEP_SECONDS: '2',
      // The first admin (server bootstrap from the admin-area issue); see tests/e2e/support.ts.
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'e2e-admin-password',
    },
  },
});
