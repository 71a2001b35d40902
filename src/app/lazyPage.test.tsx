import { render, screen } from '@testing-library/react';
import { createMemoryRouter, redirect, RouterProvider, useLoaderData } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

import { guardedPage, lazyPage } from './lazyPage';
import { RouteError } from './RouteError';

function Screen() {
  return <p>{String(useLoaderData())}</p>;
}

function renderAt(path: string, routes: Parameters<typeof createMemoryRouter>[0]) {
  const withFallback = routes.map((route) => ({ ...route, hydrateFallbackElement: <></> }));
  const router = createMemoryRouter(withFallback, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('lazyPage', () => {
  it("wires the screen module's own loader", async () => {
    const module = { default: Screen, loader: () => 'loaded beside the screen' };
    renderAt('/page', [{ path: '/page', ...lazyPage(async () => module) }]);
    expect(await screen.findByText('loaded beside the screen')).toBeInTheDocument();
  });
});

describe('guardedPage', () => {
  it("runs the guard before the screen's loader, and the loader only when the guard passed", async () => {
    const steps: string[] = [];
    const module = { default: Screen, loader: () => (steps.push('loader'), 'details') };
    const guard = async () => void steps.push('guard');
    renderAt('/page', [
      {
        path: '/page',
        ...guardedPage(
          guard,
          lazyPage(async () => module),
        ),
      },
    ]);
    expect(await screen.findByText('details')).toBeInTheDocument();
    expect(steps).toEqual(['guard', 'loader']);
  });

  it("follows the guard's redirect without running the screen's loader", async () => {
    const loader = vi.fn(() => 'details');
    const guard = async () => {
      throw redirect('/signin');
    };
    const router = renderAt('/page', [
      {
        path: '/page',
        ...guardedPage(
          guard,
          lazyPage(async () => ({ default: Screen, loader })),
        ),
      },
      { path: '/signin', element: <p>sign in here</p> },
    ]);
    expect(await screen.findByText('sign in here')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    expect(loader).not.toHaveBeenCalled();
  });

  it('shows "Loading chunk N failed" with a Retry when a guarded screen\'s chunk fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = () =>
      Promise.reject(
        new TypeError(
          'Failed to fetch dynamically imported module: http://x.test/static/js/ProfilePage.JvvQDzWI.chunk.js',
        ),
      );
    renderAt('/profile', [
      { path: '/profile', ...guardedPage(async () => undefined, lazyPage(failing)), errorElement: <RouteError /> },
    ]);
    expect(await screen.findByRole('heading', { name: 'Loading chunk ProfilePage failed' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
