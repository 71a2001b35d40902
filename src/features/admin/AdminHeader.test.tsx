import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render';
import { abortRequestsTo } from '@/test/abort';
import { server } from '@/test/server';
import AdminHeader from './AdminHeader';
import RequestsPage from './RequestsPage';

function Page() {
  return <p>the protected page</p>;
}

const checkOk = () => http.get('/api/admin/check', () => HttpResponse.json({ success: true, email: 'boss@example.com' }));

describe('AdminHeader: the admin area’s guard', () => {
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
    renderRoute(
      <AdminHeader>
        <Page />
      </AdminHeader>,
      { path: '/adminorders' },
    );
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
    renderRoute(
      <AdminHeader>
        <Page />
      </AdminHeader>,
      { path: '/adminorders?view=processed', routePath: '/adminorders' },
    );
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
  ])('when %s: redirects to /admin but keeps the admin token for the next load', async (_case, answer) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get('/api/admin/check', answer));
    localStorage.setItem('authtoken_admin', 'stale-token');
    localStorage.setItem('authtoken', 'customer-token');
    renderRoute(
      <AdminHeader>
        <Page />
      </AdminHeader>,
      { path: '/adminorders?view=processed', routePath: '/adminorders' },
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
    expect(localStorage.getItem('authtoken_admin')).toBe('stale-token');
    expect(console.error).toHaveBeenCalledWith('Admin check failed', expect.any(Error));
    // The customer's own session is none of the admin area's business.
    expect(localStorage.getItem('authtoken')).toBe('customer-token');
    expect(screen.queryByText('the protected page')).not.toBeInTheDocument();
  });

  it('when the server answers success false with 200: removes the token and redirects to /admin', async () => {
    server.use(http.get('/api/admin/check', () => HttpResponse.json({ success: false, error: 'Please sign in as an admin again' })));
    localStorage.setItem('authtoken_admin', 'stale-token');
    renderRoute(
      <AdminHeader>
        <Page />
      </AdminHeader>,
      { path: '/adminorders' },
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
    expect(localStorage.getItem('authtoken_admin')).toBeNull();
  });

  it('when the check is aborted (the page is being left): redirects to /admin but keeps the admin token', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    abortRequestsTo('/api/admin/check');
    localStorage.setItem('authtoken_admin', 'admin-token');
    renderRoute(
      <AdminHeader>
        <RequestsPage />
      </AdminHeader>,
      { path: '/requests' },
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
    expect(localStorage.getItem('authtoken_admin')).toBe('admin-token');
    expect(console.error).toHaveBeenCalledWith('Admin check failed', expect.any(Error));
  });

  it('guards /requests too: a failed check removes the token and redirects before any enquiry is fetched', async () => {
    // No getNotes handler: a request for enquiries would fail this test (unhandled requests are errors).
    server.use(http.get('/api/admin/check', () => HttpResponse.json({ success: false }, { status: 401 })));
    localStorage.setItem('authtoken_admin', 'stale-token');
    renderRoute(
      <AdminHeader>
        <RequestsPage />
      </AdminHeader>,
      { path: '/requests' },
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
    expect(localStorage.getItem('authtoken_admin')).toBeNull();
  });

  it('with no admin token at all, goes straight to /admin without asking the server', async () => {
    renderRoute(
      <AdminHeader>
        <Page />
      </AdminHeader>,
      { path: '/requests' },
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
  });

  it('leaves for /admin when the token is removed later (signed out in another tab)', async () => {
    server.use(checkOk());
    localStorage.setItem('authtoken_admin', 'admin-token');
    renderRoute(
      <AdminHeader>
        <Page />
      </AdminHeader>,
      { path: '/adminorders' },
    );
    await screen.findByText('the protected page');
    act(() => {
      localStorage.removeItem('authtoken_admin');
      window.dispatchEvent(new StorageEvent('storage', { key: 'authtoken_admin' }));
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
  });
});

describe('AdminHeader: navigation', () => {
  it('has the view switch (new, processed, finished, rejected), /requests, and marks the current view', async () => {
    server.use(checkOk());
    localStorage.setItem('authtoken_admin', 'admin-token');
    const { user } = renderRoute(
      <AdminHeader>
        <Page />
      </AdminHeader>,
      { path: '/adminorders?view=finished', routePath: '/adminorders' },
    );
    await screen.findByText('the protected page');
    const views = screen.getByRole('list', { name: 'Admin sections' });
    const links = within(views).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['New', '/adminorders?view=new'],
      ['Processed', '/adminorders?view=processed'],
      ['Finished', '/adminorders?view=finished'],
      ['Rejected', '/adminorders?view=rejected'],
      ['Requests', '/requests'],
    ]);
    expect(within(views).getByRole('link', { name: 'Finished' })).toHaveAttribute('aria-current', 'page');
    expect(within(views).getByRole('link', { name: 'New' })).not.toHaveAttribute('aria-current');

    await user.click(within(views).getByRole('link', { name: 'Rejected' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/adminorders?view=rejected');
    expect(within(views).getByRole('link', { name: 'Rejected' })).toHaveAttribute('aria-current', 'page');
  });

  it('on /requests marks Requests as current', async () => {
    server.use(checkOk());
    localStorage.setItem('authtoken_admin', 'admin-token');
    renderRoute(
      <AdminHeader>
        <Page />
      </AdminHeader>,
      { path: '/requests' },
    );
    await screen.findByText('the protected page');
    expect(screen.getByRole('link', { name: 'Requests' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'New' })).not.toHaveAttribute('aria-current');
  });

  it('Sign Out tells the server, clears the admin token and goes to /admin', async () => {
    let loggedOutWith: string | null = null;
    server.use(
      checkOk(),
      http.post('/api/admin/logout', ({ request }) => {
        loggedOutWith = request.headers.get('auth-token');
        return HttpResponse.json({ success: true });
      }),
    );
    localStorage.setItem('authtoken_admin', 'admin-token');
    const { user } = renderRoute(
      <AdminHeader>
        <Page />
      </AdminHeader>,
      { path: '/adminorders' },
    );
    await screen.findByText('the protected page');
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
    expect(loggedOutWith).toBe('admin-token');
    expect(localStorage.getItem('authtoken_admin')).toBeNull();
  });

  it('Sign Out still signs out locally when the server cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(checkOk(), http.post('/api/admin/logout', () => HttpResponse.error()));
    localStorage.setItem('authtoken_admin', 'admin-token');
    const { user } = renderRoute(
      <AdminHeader>
        <Page />
      </AdminHeader>,
      { path: '/adminorders' },
    );
    await screen.findByText('the protected page');
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
    expect(localStorage.getItem('authtoken_admin')).toBeNull();
  });
});
