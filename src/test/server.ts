import { setupServer } from 'msw/node';

/** MSW server for component tests; each test adds the handlers (following SPEC.md §7) it needs. */
export const server = setupServer();
