import '@testing-library/jest-dom/vitest';

import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';

import { checkMockedAnswers } from './mockRoute';
import { server } from './server';

// npm test runs the component tests beside other stages on two cores: findBy and waitFor wait up to 5 s for what
// they expect (1 s by default, which a loaded machine passed), and still fail at once on a wrong result.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
  checkMockedAnswers();
});
afterAll(() => server.close());

// jsdom has no matchMedia; the theme code asks it about prefers-color-scheme.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom lays nothing out, so it has no scrollIntoView; screens call it to bring results into view.
Element.prototype.scrollIntoView ??= () => undefined;
