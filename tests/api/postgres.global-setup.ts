import type { TestProject } from 'vitest/node';

import { startPostgres } from '../support/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set only in the `api-postgres` project: the throwaway server each test file gets a fresh database on. */
    postgresUrl: string;
  }
}

/** The `api-postgres` project runs the whole API suite again on a real PostgreSQL server. */
export default function setup(project: TestProject) {
  const pg = startPostgres();
  project.provide('postgresUrl', pg.url);
  return () => pg.stop();
}
