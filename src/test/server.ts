import { setupServer } from 'msw/node';

/** MSW server for component tests; each test adds the handlers it needs, answering as the real API does (docs/api.md). */
export const server = setupServer();
