import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

import { lazyPage } from './lazyPage';
import NotFoundPage from './NotFoundPage';
import { RouteError } from './RouteError';

function renderAt(path: string, routes: Parameters<typeof createMemoryRouter>[0]) {
  // Lazy screens render nothing until their code arrives.
  const withFallback = routes.map((route) => ({ ...route, hydrateFallbackElement: <></> }));
  const router = createMemoryRouter(withFallback, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('RouteError', () => {
  it('shows "Loading chunk N failed" with its reason and a Retry when a screen chunk fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = () =>
      Promise.reject(
        new TypeError(
          'Failed to fetch dynamically imported module: http://x.test/static/js/AboutPage.JvvQDzWI.chunk.js',
        ),
      );
    renderAt('/about', [{ path: '/about', ...lazyPage(failing), errorElement: <RouteError /> }]);

    expect(await screen.findByRole('heading', { name: 'Loading chunk AboutPage failed' })).toBeInTheDocument();
    expect(screen.getByText('(error: http://x.test/static/js/AboutPage.JvvQDzWI.chunk.js)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('fails a chunk that has not arrived within the timeout', async () => {
    const never = () => new Promise<never>(() => undefined);
    renderAt('/slow', [{ path: '/slow', ...lazyPage(never, 20), errorElement: <RouteError /> }]);
    expect(await screen.findByRole('heading', { name: /^Loading chunk \S+ failed$/ })).toBeInTheDocument();
    expect(screen.getByText(/^\(timeout: /)).toBeInTheDocument();
  });

  it('Retry reloads the page to fetch the code again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    const failing = () =>
      Promise.reject(
        new TypeError(
          'Failed to fetch dynamically imported module: http://x.test/static/js/HomePage.abcdefgh.chunk.js',
        ),
      );
    renderAt('/', [{ path: '/', ...lazyPage(failing), errorElement: <RouteError /> }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalled();
  });

  it('shows "Unexpected Application Error!" with the error text for any other failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('Cannot read properties of undefined (reading "name")');
    }
    renderAt('/broken', [{ path: '/broken', element: <Broken />, errorElement: <RouteError /> }]);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Cannot read properties of undefined (reading "name")')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
  });

  it('standalone, draws its own frame with a way home', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/x', [
      {
        path: '/x',
        loader: () => {
          throw new Error('layout exploded');
        },
        element: <p>never</p>,
        errorElement: <RouteError standalone />,
      },
    ]);
    expect(await screen.findByText('layout exploded')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});

describe('NotFoundPage', () => {
  it('is friendly: says the page is missing and offers ways back', () => {
    renderAt('/nowhere', [{ path: '*', element: <NotFoundPage /> }]);
    expect(screen.getByRole('heading', { level: 1, name: 'This gift box is empty' })).toBeInTheDocument();
    expect(screen.getByText('Error 404')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Page not found | Giftwise');
  });
});
