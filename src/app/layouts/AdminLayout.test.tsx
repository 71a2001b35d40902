import { act, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { abortRequestsTo } from '@/test/abort';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';

import { adminLayoutRoute, adminRoutes } from '../adminArea';
import { afterAdminCheck } from '../adminSession';
// Loaded up front, so the route's lazy import of it is instant (as after the first visit).
import './AdminLayout';

function Page() {
  return <p>the protected page</p>;
}

const checkOk = () =>
  http.get('/api/admin/check', () => HttpResponse.json({ success: true, email: 'boss@example.com' }));

/** The admin layout route (guard, header, footer) around a stub page at /adminorders and /requests. */
const renderAdminArea = (path: string) =>
  renderRoutes(
    [
      adminLayoutRoute([
        { path: '/adminorders', element: <Page /> },
        { path: '/requests', element: <Page /> },
      ]),
    ],
    path,
  );

describe('the admin layout route: the admin area’s guard', () => {
  it('checks the stored admin token, showing a spinner (not the page) until the server accepts it', async () => {
    let header: string | null = null;
    server.use(
      http.get('/api/admin/check', async ({ request }) => {
        header = request.headers.get('auth-token');
        await delay(50);
        return HttpResponse.json({ success: true, email: 'boss@example.com' });
      }),
    );
    localStorage.setItem('authtoken_admin', 'admin-token');
    localStorage.setItem('authtoken', 'customer-token');
    renderAdminArea('/adminorders');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your admin session…');
    expect(screen.queryByText('the protected page')).not.toBeInTheDocument();
    expect(await screen.findByText('the protected page')).toBeInTheDocument();
    expect(header).toBe('admin-token');
    expect(screen.getByText('boss@example.com')).toBeInTheDocument();
  });

  it('when the server refuses the token: removes it and redirects to /admin', async () => {
    server.use(
      http.get('/api/admin/check', () =>
        HttpResponse.json({ success: false, error: 'Please sign in as an admin again' }, { status: 401 }),
      ),
    );
    localStorage.setItem('authtoken_admin', 'stale-token');
    localStorage.setItem('authtoken', 'customer-token');
    renderAdminArea('/adminorders?view=processed');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
    expect(localStorage.getItem('authtoken_admin')).toBeNull();
    // The customer's own session is none of the admin area's business.
    expect(localStorage.getItem('authtoken')).toBe('customer-token');
    expect(screen.queryByText('the protected page')).not.toBeInTheDocument();
  });

  it.each([
    ['the check cannot reach the server', () => HttpResponse.error()],
    ['the answer is not JSON', () => new HttpResponse('<html>', { status: 502 })],
    ['the server fails', () => HttpResponse.json({ success: false, error: 'Something went wrong' }, { status: 503 })],
  ])('when %s: stays (held, not /admin), still checking, and keeps the admin token', async (_case, answer) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get('/api/admin/check', answer));
    localStorage.setItem('authtoken_admin', 'stale-token');
    localStorage.setItem('authtoken', 'customer-token');
    renderAdminArea('/adminorders?view=processed');
    await waitFor(() => expect(console.error).toHaveBeenCalledWith('Admin check failed', expect.any(Error)));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/adminorders\?view=processed$/);
    expect(screen.getByRole('status')).toHaveTextContent('Checking your admin session…');
    expect(localStorage.getItem('authtoken_admin')).toBe('stale-token');
    // The customer's own session is none of the admin area's business.
    expect(localStorage.getItem('authtoken')).toBe('customer-token');
    expect(screen.queryByText('the protected page')).not.toBeInTheDocument();
  });

  it('when the server answers success false with 200: removes the token and redirects to /admin', async () => {
    server.use(
      http.get('/api/admin/check', () =>
        HttpResponse.json({ success: false, error: 'Please sign in as an admin again' }),
      ),
    );
    localStorage.setItem('authtoken_admin', 'stale-token');
    renderAdminArea('/adminorders');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
    expect(localStorage.getItem('authtoken_admin')).toBeNull();
  });

  it('when the check is aborted (the page is being left): stays (not /admin) and keeps the admin token', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    abortRequestsTo('/api/admin/check');
    localStorage.setItem('authtoken_admin', 'admin-token');
    renderAdminArea('/requests');
    await waitFor(() => expect(console.error).toHaveBeenCalledWith('Admin check failed', expect.any(Error)));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/requests$/);
    expect(localStorage.getItem('authtoken_admin')).toBe('admin-token');
  });

  it('guards /requests too: a failed check removes the token and redirects before any enquiry is fetched', async () => {
    // No getNotes handler: a request for enquiries would fail this test (unhandled requests are errors).
    server.use(http.get('/api/admin/check', () => HttpResponse.json({ success: false }, { status: 401 })));
    localStorage.setItem('authtoken_admin', 'stale-token');
    renderRoutes([adminRoutes], '/requests');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
    expect(localStorage.getItem('authtoken_admin')).toBeNull();
  });

  it('with no admin token at all, goes straight to /admin without asking the server', async () => {
    renderAdminArea('/requests');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
  });

  it('leaves for /admin when the token is removed later (signed out in another tab)', async () => {
    server.use(checkOk());
    localStorage.setItem('authtoken_admin', 'admin-token');
    renderAdminArea('/adminorders');
    await screen.findByText('the protected page');
    act(() => {
      localStorage.removeItem('authtoken_admin');
      window.dispatchEvent(new StorageEvent('storage', { key: 'authtoken_admin' }));
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
  });
});

describe('the admin layout route: when the session is checked', () => {
  it('a page’s loader waits for the check: with a refused token it never runs', async () => {
    server.use(http.get('/api/admin/check', () => HttpResponse.json({ success: false }, { status: 401 })));
    const pageLoader = vi.fn(async () => null);
    localStorage.setItem('authtoken_admin', 'stale-token');
    renderRoutes(
      [adminLayoutRoute([{ path: '/adminorders', loader: afterAdminCheck(pageLoader), element: <Page /> }])],
      '/adminorders',
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
    expect(pageLoader).not.toHaveBeenCalled();
  });

  it('checks once on entering the area, not again between views, and again when the token changes', async () => {
    const checked: (string | null)[] = [];
    server.use(
      http.get('/api/admin/check', ({ request }) => {
        checked.push(request.headers.get('auth-token'));
        return HttpResponse.json({
          success: true,
          email: checked.length === 1 ? 'boss@example.com' : 'chief@example.com',
        });
      }),
    );
    const pageLoader = vi.fn(async () => null);
    localStorage.setItem('authtoken_admin', 'admin-token');
    const { router } = renderRoutes(
      [
        adminLayoutRoute([
          { path: '/adminorders', loader: afterAdminCheck(pageLoader), element: <Page /> },
          { path: '/requests', element: <Page /> },
        ]),
      ],
      '/adminorders',
    );
    expect(await screen.findByText('boss@example.com')).toBeInTheDocument();
    await act(() => router.navigate('/adminorders?view=processed'));
    await act(() => router.navigate('/requests'));
    await act(() => router.navigate('/adminorders?view=new'));
    expect(checked).toEqual(['admin-token']);
    expect(pageLoader).toHaveBeenCalledTimes(3);

    act(() => {
      localStorage.setItem('authtoken_admin', 'other-token');
      window.dispatchEvent(new StorageEvent('storage', { key: 'authtoken_admin' }));
    });
    expect(await screen.findByText('chief@example.com')).toBeInTheDocument();
    expect(checked).toEqual(['admin-token', 'other-token']);
  });
});
