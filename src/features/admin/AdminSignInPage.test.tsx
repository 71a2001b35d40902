import { screen, waitFor } from '@testing-library/react';
import { delay, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import * as routes from '#contract/routes';
import { mockRoute } from '@/test/mockRoute';
import { renderRoute, spyOnAlert } from '@/test/render';
import { server } from '@/test/server';

import AdminSignInPage from './AdminSignInPage';

const renderPage = () => renderRoute(<AdminSignInPage />, { path: '/admin' });

async function fillAndSubmit(
  user: ReturnType<typeof renderPage>['user'],
  email = 'boss@example.com',
  password = 'boss-password',
) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'SignIn' }));
}

describe('AdminSignInPage (/admin)', () => {
  it('is titled ADMIN SIGN IN with the note, email, password with a show/hide toggle and a SignIn button', async () => {
    const { user } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'ADMIN SIGN IN' })).toBeInTheDocument();
    expect(screen.getByText('Only Admins are allowed')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
    expect(document.title).toBe('Admin sign in | Giftwise');
  });

  it('on success stores the admin token under authtoken_admin and goes to /adminorders', async () => {
    let sent: unknown;
    server.use(
      mockRoute(routes.adminLogin, async ({ request }) => {
        sent = await request.json();
        return { success: true, authtoken: 'admin-token-1' };
      }),
    );
    const alert = spyOnAlert();
    const { user } = renderPage();
    await fillAndSubmit(user);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/adminorders'));
    expect(sent).toEqual({ email: 'boss@example.com', password: 'boss-password' });
    expect(localStorage.getItem('authtoken_admin')).toBe('admin-token-1');
    expect(localStorage.getItem('authtoken')).toBeNull();
    expect(alert).not.toHaveBeenCalled();
  });

  it('on failure alerts "Enter valid details", shows the reason in the error line and stores nothing', async () => {
    server.use(
      mockRoute(routes.adminLogin, () => ({
        status: 401,
        body: { success: false, error: 'Email or password is incorrect' },
      })),
    );
    const alert = spyOnAlert();
    const { user } = renderPage();
    await fillAndSubmit(user);
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Enter valid details'));
    expect(alert).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Email or password is incorrect')).toBeInTheDocument();
    expect(localStorage.getItem('authtoken_admin')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin');
  });

  it('sends whatever was typed: no client checks', async () => {
    let sent: unknown;
    server.use(
      mockRoute(routes.adminLogin, async ({ request }) => {
        sent = await request.json();
        return { status: 400, body: { success: false, error: 'Enter a valid email address' } };
      }),
    );
    spyOnAlert();
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'SignIn' }));
    await waitFor(() => expect(sent).toEqual({ email: '', password: '' }));
  });

  it('writes a network error in the error line, without an alert', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(mockRoute(routes.adminLogin, () => HttpResponse.error()));
    const alert = spyOnAlert();
    const { user } = renderPage();
    await fillAndSubmit(user);
    expect(
      await screen.findByText('Could not reach the server. Check your connection and try again.'),
    ).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin');
  });

  it('disables the button while signing in', async () => {
    server.use(
      mockRoute(routes.adminLogin, async () => {
        await delay(100);
        return { success: true, authtoken: 't' };
      }),
    );
    const { user } = renderPage();
    await fillAndSubmit(user);
    expect(screen.getByRole('button', { name: /Signing in/ })).toBeDisabled();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/adminorders'));
  });
});
