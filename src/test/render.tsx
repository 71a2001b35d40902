import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { onTestFinished, vi } from 'vitest';

/**
 * Disposes `router` when the test ends: that aborts a load still pending (a session check held for want
 * of the server waits for exactly that), so nothing of one test carries into the next.
 */
export function disposedAfterTest<T extends { dispose(): void }>(router: T): T {
  onTestFinished(() => router.dispose());
  return router;
}

/** Shows the current path so tests can assert redirects. */
export function Location() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/**
 * Renders a screen inside a memory router at `path`. Other paths render a stub that names them,
 * so a redirect is visible as `screen.getByTestId('location')`.
 */
export function renderRoute(element: ReactElement, options: { path?: string; routePath?: string } = {}) {
  const path = options.path ?? '/';
  const routePath = options.routePath ?? path;
  const router = disposedAfterTest(
    createMemoryRouter(
      [
        {
          path: routePath,
          element: (
            <>
              {element}
              <Location />
            </>
          ),
        },
        { path: '*', element: <Location /> },
      ],
      { initialEntries: [path] },
    ),
  );
  const user = userEvent.setup();
  return { user, router, ...render(<RouterProvider router={router} />) };
}

/**
 * Renders route objects (with their loaders, actions and fallbacks) in a memory router at `path`,
 * with the same location stub as renderRoute. Paths the routes do not match render only the stub.
 */
export function renderRoutes(routes: RouteObject[], path = '/') {
  const router = disposedAfterTest(
    createMemoryRouter(
      [
        {
          element: (
            <>
              <Outlet />
              <Location />
            </>
          ),
          children: [...routes, { path: '*', element: null }],
        },
      ],
      { initialEntries: [path] },
    ),
  );
  const user = userEvent.setup();
  return { user, router, ...render(<RouterProvider router={router} />) };
}

/** Spies on window.alert (the alerts users see) without opening anything. */
export function spyOnAlert() {
  return vi.spyOn(window, 'alert').mockImplementation(() => undefined);
}
