import type { TestProject } from 'vitest/node';

import { createTemplateDatabase, startPostgres } from '../support/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set only in the `api-postgres` project: the throwaway server each test file gets a fresh database on. */
    postgresUrl: string;
    /** On that server: a migrated database each test file's database is copied from (createDatabase's template). */
    postgresTemplate: string;
  }
}

/** The `api-postgres` project runs the whole API suite again on a real PostgreSQL server. */
export default async function setup(project: TestProject) {
  const pg = startPostgres();
  try {
    project.provide('postgresTemplate', await createTemplateDatabase(pg.url));
  } catch (err) {
    pg.stop();
    throw err;
  }
  project.provide('postgresUrl', pg.url);
  return () => pg.stop();
}
