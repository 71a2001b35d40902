import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, mergeConfig } from 'vitest/config';

import viteConfig from './vite.config.ts';

const apiSuite = {
  environment: 'node' as const,
  include: ['tests/api/**/*.test.ts'],
  // One worker process runs the files one after another and keeps its loaded modules: importing the server afresh
  // for each file cost about 2 s of CPU per file (docs/testing.md). Every file starts its own app on its own
  // database and restores what it mocks, so nothing a file changes outlives it.
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};
// Made once per run for every test file: a migrated PGlite database each file opens a copy of, a PostgreSQL server
// with a migrated database each file's database is copied from, and a bundle of the server and its CLIs that the
// tests start as processes.
const PGLITE_TEMPLATE = 'tests/api/pglite.global-setup.ts';
const POSTGRES_SERVER = 'tests/api/postgres.global-setup.ts';
const SERVER_BUNDLE = 'tests/support/serverBundle.global-setup.ts';
// API test files that open only PGlite whichever project runs them (the admin CLI on a DATA_DIR, the logs of a server
// making its database): on the PostgreSQL project they would run the same tests a second time.
const PGLITE_ONLY_API_TESTS = ['tests/api/admin-cli.test.ts', 'tests/api/logging.test.ts'];

/**
 * The test files under `dir` named `*<suffix>` that replace a module (vi.mock, vi.doMock) or load modules afresh
 * (vi.resetModules): what they load must not reach another file's tests.
 */
function moduleMockingTests(dir: string, suffix: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return moduleMockingTests(file, suffix);
    return entry.name.endsWith(suffix) && /\bvi\.((do)?mock|resetModules)\(/.test(fs.readFileSync(file, 'utf8'))
      ? [file]
      : [];
  });
}

/**
 * The component test files that replace modules (vi.mock): a replaced module must be loaded afresh for that file, so
 * these run isolated ('component-mocked'). Every other component file shares one worker's loaded modules and jsdom
 * ('component', isolate off): a fresh jsdom, setup and imports for each file cost about 110 s of CPU in a run, two
 * thirds of the project's time. What a test leaves behind is undone after it by src/test/setup.ts (rendered trees,
 * MSW handlers, storage, spies); `--sequence.shuffle.files` runs the files in another order to check that.
 */
const MODULE_MOCKING_COMPONENT_TESTS = moduleMockingTests('src', '.test.tsx');

/** The unit tests, and those of them that replace modules, which run isolated ('unit-mocked') for the same reason. */
const UNIT_TESTS = ['contract/**/*.test.ts', 'src/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'];
const MODULE_MOCKING_UNIT_TESTS = ['contract', 'src', 'server', 'scripts'].flatMap((dir) =>
  moduleMockingTests(dir, '.test.ts'),
);

const componentSuite = {
  environment: 'jsdom' as const,
  // Several tests type whole forms with user-event; on a busy 2-core machine (load 16 was seen)
  // that alone passed Vitest's 5 s default.
  testTimeout: 15_000,
  setupFiles: ['src/test/setup.ts'],
};

// Six suites, one runner: unit tests of pure code (node), component tests (jsdom + MSW),
// API tests against the real Fastify app on a fresh database: once on PGlite, once on PostgreSQL;
// fault tests that kill real server processes.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            environment: 'node',
            include: UNIT_TESTS,
            exclude: MODULE_MOCKING_UNIT_TESTS,
            // One worker keeps its loaded modules from file to file: a fresh process and imports for each of the
            // fifty-odd files were more than half of the project's CPU (docs/testing.md). The files undo the globals,
            // environment and timers they change after each test; Vitest restores mocks after each file.
            isolate: false,
          },
        },
        {
          extends: true,
          test: { name: 'unit-mocked', environment: 'node', include: MODULE_MOCKING_UNIT_TESTS },
        },
        {
          extends: true,
          test: {
            name: 'component',
            ...componentSuite,
            isolate: false,
            include: ['src/**/*.test.tsx'],
            exclude: MODULE_MOCKING_COMPONENT_TESTS,
          },
        },
        {
          extends: true,
          test: { name: 'component-mocked', ...componentSuite, include: MODULE_MOCKING_COMPONENT_TESTS },
        },
        {
          extends: true,
          test: { name: 'api', ...apiSuite, globalSetup: [PGLITE_TEMPLATE, SERVER_BUNDLE] },
        },
        {
          // The same API suite again on a real PostgreSQL 15 server (started by the global setup).
          extends: true,
          test: {
            name: 'api-postgres',
            ...apiSuite,
            exclude: PGLITE_ONLY_API_TESTS,
            globalSetup: [PGLITE_TEMPLATE, POSTGRES_SERVER, SERVER_BUNDLE],
          },
        },
        {
          // Real server processes killed and restarted, on PGlite and on PostgreSQL.
          extends: true,
          test: {
            name: 'faults',
            environment: 'node',
            include: ['tests/faults/**/*.test.ts'],
            globalSetup: [PGLITE_TEMPLATE, POSTGRES_SERVER, SERVER_BUNDLE],
            testTimeout: 300_000,
            hookTimeout: 120_000,
          },
        },
      ],
    },
  }),
);
