import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

import type { Route } from '#contract/route';
import * as routes from '#contract/routes';
import { mockRoute } from '@/test/mockRoute';
import { disposedAfterTest, Location } from '@/test/render';
import { server } from '@/test/server';

import { adminLayoutRoute } from './adminArea';
import { requireCustomer } from './guards';
import { RootLayout } from './layouts/RootLayout';
import { guardedPage, lazyPage } from './lazyPage';
// Loaded up front, so the admin route's lazy import of it is instant (as after the first visit).
import './layouts/AdminLayout';

const UNREACHABLE = 'Could not reach the server. Check your connection and try again.';

/** A page with a form being filled, and links to the guarded pages. */
function FormPage() {
  return (
    <>
      <label>
        Recipient Name <input />
      </label>
      <Link to="/orders">Orders</Link>
      <Link to="/about">About</Link>
    </>
  );
}

/** The app's frame (RootLayout) around a form page, a customer page behind requireCustomer, and the admin area. */
function renderApp(path: string) {
  const router = disposedAfterTest(
    createMemoryRouter(
      [
        {
          element: (
            <>
              <RootLayout />
              <Location />
            </>
          ),
          children: [
            { path: '/occasions', element: <FormPage /> },
            { path: '/about', element: <h1>About</h1> },
            {
              path: '/orders',
              ...guardedPage(
                requireCustomer,
                lazyPage(async () => ({ default: () => <h1>Your Orders</h1> })),
              ),
            },
            { path: '/signin', element: <h1>Sign In</h1> },
            { path: '/admin', element: <h1>ADMIN SIGN IN</h1> },
            adminLayoutRoute([{ path: '/adminorders', element: <h1>New Orders</h1> }]),
          ],
        },
      ],
      { initialEntries: [path] },
    ),
  );
  const user = userEvent.setup();
  render(<RouterProvider router={router} />);
  return { user, router };
}

const checkFails = (route: Route) => server.use(mockRoute(route, () => HttpResponse.error()));

describe('a session check that cannot reach the server', () => {
  it('keeps the customer on the page they were filling in, says so, and Retry goes on to the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem('authtoken', 'customer-token');
    const { user, router } = renderApp('/occasions');
    await user.type(screen.getByLabelText('Recipient Name'), 'Aunt May');
    checkFails(routes.checkAuth);

    await user.click(screen.getByRole('link', { name: 'Orders' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(UNREACHABLE);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/occasions$/);
    expect(screen.getByLabelText('Recipient Name')).toHaveValue('Aunt May');
    expect(localStorage.getItem('authtoken')).toBe('customer-token');
    expect(console.error).toHaveBeenCalledWith('Auth check failed', expect.any(Error));

    server.use(mockRoute(routes.checkAuth, () => ({ success: true })));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Your Orders' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/orders$/);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Orders was added to the history once, after People & dates: Back goes there.
    await act(() => router.navigate(-1));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/occasions$/);
  });

  it('says so for a server error too (503), and goes away when the customer goes elsewhere instead', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem('authtoken', 'customer-token');
    const { user } = renderApp('/occasions');
    server.use(
      mockRoute(routes.checkAuth, () => ({
        status: 503,
        body: { success: false, error: 'The database is unavailable' },
      })),
    );
    await user.click(screen.getByRole('link', { name: 'Orders' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(UNREACHABLE);

    await user.click(screen.getByRole('link', { name: 'About' }));
    expect(await screen.findByRole('heading', { name: 'About' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(localStorage.getItem('authtoken')).toBe('customer-token');
  });

  it('a refusal (401) still sends the customer to /signin, without the message', async () => {
    localStorage.setItem('authtoken', 'customer-token');
    const { user } = renderApp('/occasions');
    server.use(
      mockRoute(routes.checkAuth, () => ({ status: 401, body: { success: false, error: 'Please sign in again' } })),
    );
    await user.click(screen.getByRole('link', { name: 'Orders' }));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(localStorage.getItem('authtoken')).toBeNull();
  });

  it('keeps an admin opening the admin area on it, says so, and Retry opens it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem('authtoken_admin', 'admin-token');
    checkFails(routes.adminCheck);
    const { user } = renderApp('/adminorders?view=processed');

    expect(await screen.findByRole('alert')).toHaveTextContent(UNREACHABLE);
    expect(screen.getByRole('status')).toHaveTextContent('Checking your admin session…');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/adminorders\?view=processed$/);
    expect(localStorage.getItem('authtoken_admin')).toBe('admin-token');

    server.use(mockRoute(routes.adminCheck, () => ({ success: true, email: 'boss@example.com' })));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'New Orders' })).toBeInTheDocument();
    expect(screen.getByText('boss@example.com')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/adminorders\?view=processed$/);
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});
