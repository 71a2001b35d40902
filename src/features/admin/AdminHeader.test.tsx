import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import * as routes from '#contract/routes';
import { mockRoute } from '@/test/mockRoute';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

import AdminHeader from './AdminHeader';

/** The header as the admin layout shows it once the admin check passed, above a page. */
function SignedIn() {
  return (
    <>
      <AdminHeader email="boss@example.com" />
      <p>the protected page</p>
    </>
  );
}

describe('AdminHeader: navigation', () => {
  it('has the view switch (new, processed, finished, rejected), /requests, and marks the current view', async () => {
    const { user } = renderRoute(<SignedIn />, { path: '/adminorders?view=finished', routePath: '/adminorders' });
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
    renderRoute(<SignedIn />, { path: '/requests' });
    expect(screen.getByRole('link', { name: 'Requests' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'New' })).not.toHaveAttribute('aria-current');
  });

  it('Sign Out tells the server, clears the admin token and goes to /admin', async () => {
    let loggedOutWith: string | null = null;
    server.use(
      mockRoute(routes.adminLogout, ({ request }) => {
        loggedOutWith = request.headers.get('auth-token');
        return { success: true };
      }),
    );
    localStorage.setItem('authtoken_admin', 'admin-token');
    const { user } = renderRoute(<SignedIn />, { path: '/adminorders' });
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
    expect(loggedOutWith).toBe('admin-token');
    expect(localStorage.getItem('authtoken_admin')).toBeNull();
  });

  it('Sign Out still signs out locally when the server cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(mockRoute(routes.adminLogout, () => HttpResponse.error()));
    localStorage.setItem('authtoken_admin', 'admin-token');
    const { user } = renderRoute(<SignedIn />, { path: '/adminorders' });
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
    expect(localStorage.getItem('authtoken_admin')).toBeNull();
  });
});
