import fs from 'node:fs';
import type { TestProject } from 'vitest/node';

import { createPgliteTemplate } from '../support/pgliteTemplate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR with a migrated PGlite database, for migratedDataDir (tests/api/helpers.ts) to copy. */
    pgliteTemplate: string;
  }
}

/** Migrates one PGlite database for the whole run; each test file starts from a copy of it. */
export default async function setup(project: TestProject) {
  const template = await createPgliteTemplate();
  project.provide('pgliteTemplate', template);
  return () => fs.rmSync(template, { recursive: true, force: true });
}
