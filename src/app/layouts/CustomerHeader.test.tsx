import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import * as routes from '#contract/routes';
import { verifySession } from '@/api/session';
import { abortRequestsTo } from '@/test/abort';
import { mockRoute } from '@/test/mockRoute';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

import { CustomerHeader } from './CustomerHeader';

const renderHeader = (path = '/') => renderRoute(<CustomerHeader />, { path });

afterEach(() => {
  document.documentElement.removeAttribute('data-bs-theme');
});

describe('CustomerHeader', () => {
  it('links Home, How It Works, About, Contact, Sign In and Sign Up when signed out, without calling the server', () => {
    renderHeader();
    const links = Object.fromEntries(
      screen.getAllByRole('link').map((a) => [a.textContent?.trim(), a.getAttribute('href')]),
    );
    expect(links).toEqual({
      Giftwise: '/',
      Home: '/',
      'How It Works': '/how-it-works',
      About: '/about',
      Contact: '/contact',
      'Sign In': '/signin',
      'Sign Up': '/signup',
    });
    expect(screen.queryByRole('button', { name: 'SignOut' })).not.toBeInTheDocument();
  });

  it('links Orders, People & dates and Profile and offers SignOut when signed in and the check passes', async () => {
    localStorage.setItem('authtoken', 'customer-token');
    let checkedWith: string | null = null;
    server.use(
      mockRoute(routes.checkAuth, ({ request }) => {
        checkedWith = request.headers.get('auth-token');
        return { success: true };
      }),
    );
    renderHeader();
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/orders');
    expect(screen.getByRole('link', { name: 'People & dates' })).toHaveAttribute('href', '/people');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('button', { name: 'SignOut' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign Up' })).not.toBeInTheDocument();
    await waitFor(() => expect(checkedWith).toBe('customer-token'));
    expect(localStorage.getItem('authtoken')).toBe('customer-token');
  });

  it('removes the stored token when the check on load fails', async () => {
    localStorage.setItem('authtoken', 'expired-token');
    server.use(
      mockRoute(routes.checkAuth, () => ({ status: 401, body: { success: false, error: 'Please sign in again' } })),
    );
    renderHeader();
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(localStorage.getItem('authtoken')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Orders' })).not.toBeInTheDocument();
  });

  it.each([
    ['cannot reach the server', () => HttpResponse.error()],
    ['gets a proxy error page', () => new HttpResponse('<h1>502</h1>', { status: 502 })],
    [
      'gets a server error',
      () => HttpResponse.json({ success: false, error: 'Something went wrong' }, { status: 500 }),
    ],
  ])(
    'when the check %s: logs it, shows the signed-out links, and keeps the token for the next load',
    async (_case, answer) => {
      localStorage.setItem('authtoken', 'customer-token');
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      server.use(mockRoute(routes.checkAuth, answer));
      renderHeader();
      expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Orders' })).not.toBeInTheDocument();
      expect(localStorage.getItem('authtoken')).toBe('customer-token');
      expect(logged).toHaveBeenCalledWith('Auth check failed', expect.any(Error));
    },
  );

  it('shows the signed-in links again once a later check (a page’s, after Retry) passes', async () => {
    localStorage.setItem('authtoken', 'customer-token');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(mockRoute(routes.checkAuth, () => HttpResponse.error()));
    renderHeader();
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();

    server.use(mockRoute(routes.checkAuth, () => ({ success: true })));
    await act(() => verifySession('customer'));
    expect(await screen.findByRole('link', { name: 'Orders' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('removes the stored token when the server answers success false, whatever the status', async () => {
    localStorage.setItem('authtoken', 'revoked-token');
    server.use(mockRoute(routes.checkAuth, () => ({ success: false, error: 'Please sign in again' })));
    renderHeader();
    await waitFor(() => expect(localStorage.getItem('authtoken')).toBeNull());
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('when the check is aborted (the page is being left): logs it and keeps the token for the next page', async () => {
    localStorage.setItem('authtoken', 'customer-token');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    abortRequestsTo('/api/auth/check');
    renderHeader();
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Auth check failed', expect.any(Error)));
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(localStorage.getItem('authtoken')).toBe('customer-token');
  });

  it('SignOut revokes the session with POST /api/auth/logout, clears authtoken and goes to /signin', async () => {
    localStorage.setItem('authtoken', 'customer-token');
    localStorage.setItem('authtoken_admin', 'admin-token');
    const loggedOut: (string | null)[] = [];
    server.use(
      mockRoute(routes.checkAuth, () => ({ success: true })),
      mockRoute(routes.signOut, ({ request }) => {
        loggedOut.push(request.headers.get('auth-token'));
        return { success: true };
      }),
    );
    const { user } = renderHeader('/orders');
    await user.click(screen.getByRole('button', { name: 'SignOut' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/signin'));
    expect(loggedOut).toEqual(['customer-token']);
    expect(localStorage.getItem('authtoken')).toBeNull();
    // Only the customer token: an admin signed in on the same browser stays signed in.
    expect(localStorage.getItem('authtoken_admin')).toBe('admin-token');
  });

  it('closes the phone menu on SignOut', async () => {
    localStorage.setItem('authtoken', 'customer-token');
    server.use(
      mockRoute(routes.checkAuth, () => ({ success: true })),
      mockRoute(routes.signOut, () => ({ success: true })),
    );
    const { user } = renderHeader('/orders');
    const toggle = screen.getByRole('button', { name: 'Toggle navigation' });
    expect(toggle).toHaveClass('collapsed');
    await user.click(toggle);
    expect(toggle).not.toHaveClass('collapsed');
    await user.click(screen.getByRole('button', { name: 'SignOut' }));
    await waitFor(() => expect(toggle).toHaveClass('collapsed'));
  });

  it('signs out locally even when the logout call cannot reach the server', async () => {
    localStorage.setItem('authtoken', 'customer-token');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      mockRoute(routes.checkAuth, () => ({ success: true })),
      mockRoute(routes.signOut, () => HttpResponse.error()),
    );
    const { user } = renderHeader('/profile');
    await user.click(screen.getByRole('button', { name: 'SignOut' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/signin'));
    expect(localStorage.getItem('authtoken')).toBeNull();
  });

  it('applies the chosen theme to <html> and keeps it in localStorage', async () => {
    const { user } = renderHeader();
    const theme = screen.getByRole('combobox', { name: 'Theme' });
    expect(theme).toHaveValue('auto');
    expect(
      within(theme)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['☀ Light', '☾ Dark', '◐ Auto']);
    await user.selectOptions(theme, 'dark');
    expect(document.documentElement).toHaveAttribute('data-bs-theme', 'dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(theme).toHaveValue('dark');
    await user.selectOptions(theme, 'light');
    expect(document.documentElement).toHaveAttribute('data-bs-theme', 'light');
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('starts from the theme kept in localStorage', () => {
    localStorage.setItem('theme', 'dark');
    renderHeader();
    expect(screen.getByRole('combobox', { name: 'Theme' })).toHaveValue('dark');
  });
});
