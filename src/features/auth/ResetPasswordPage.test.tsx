import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import * as routes from '#contract/routes';
import { mockRoute } from '@/test/mockRoute';
import { renderRoute, spyOnAlert } from '@/test/render';
import { server } from '@/test/server';

import ResetPasswordPage from './ResetPasswordPage';
import SignInPage from './SignInPage';

const LINK_INVALID = 'This reset link has expired or has already been used. Ask for a new one.';

const renderReset = () =>
  renderRoute(<ResetPasswordPage />, { path: '/resetpass/tok-abc', routePath: '/resetpass/:token' });

async function submit(user: ReturnType<typeof renderReset>['user'], password = 'brand new pass') {
  await user.type(screen.getByLabelText('New password'), password);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('Reset password (/resetpass/:token)', () => {
  it('has a new-password field with the toggle and a link to ask for a new link', async () => {
    const { user } = renderReset();
    const field = screen.getByLabelText('New password');
    expect(field).toHaveAttribute('type', 'password');
    expect(field).toHaveAttribute('autocomplete', 'new-password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field).toHaveAttribute('type', 'text');
    expect(screen.getByRole('link', { name: 'Ask for a new one' })).toHaveAttribute('href', '/forgotpass');
    expect(document.title).toBe('Choose a new password | Giftwise');
  });

  it('sends the token from the link with the new password, then shows Sign In with a note', async () => {
    let sent: unknown;
    server.use(
      mockRoute(routes.resetPassword, async ({ request }) => {
        sent = await request.json();
        return { success: true };
      }),
    );
    const alert = spyOnAlert();
    const router = createMemoryRouter(
      [
        { path: '/resetpass/:token', element: <ResetPasswordPage /> },
        { path: '/signin', element: <SignInPage /> },
      ],
      { initialEntries: ['/resetpass/tok-abc'] },
    );
    const user = userEvent.setup();
    render(<RouterProvider router={router} />);
    await submit(user);
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    expect(screen.getByText('Your password has been changed. Sign in with your new password.')).toBeInTheDocument();
    expect(sent).toEqual({ token: 'tok-abc', password: 'brand new pass' });
    expect(alert).not.toHaveBeenCalled();
  });

  it("shows the server's message for a used or expired link, next to the link to ask again", async () => {
    server.use(mockRoute(routes.resetPassword, () => ({ status: 400, body: { success: false, error: LINK_INVALID } })));
    const { user } = renderReset();
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(LINK_INVALID);
    expect(screen.getByRole('link', { name: 'Ask for a new one' })).toHaveAttribute('href', '/forgotpass');
    expect(screen.getByTestId('location')).toHaveTextContent('/resetpass/tok-abc');
  });

  it("shows the server's reason for a password that is too short", async () => {
    server.use(
      mockRoute(routes.resetPassword, () => ({
        status: 400,
        body: { success: false, error: 'Password must be at least 8 characters' },
      })),
    );
    const { user } = renderReset();
    await submit(user, 'short');
    expect(await screen.findByRole('alert')).toHaveTextContent('Password must be at least 8 characters');
  });

  it("shows the server's reason for a weak password, without an alert, and lets the user try another", async () => {
    const reason =
      'Password is too common or too easy to guess. Choose a longer one, for example a few unrelated words';
    server.use(mockRoute(routes.resetPassword, () => ({ status: 400, body: { success: false, error: reason } })));
    const alert = spyOnAlert();
    const { user } = renderReset();
    await submit(user, 'password1');
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(alert).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeEnabled();
    expect(screen.getByTestId('location')).toHaveTextContent('/resetpass/tok-abc');
  });

  it('writes a network failure in the error line and lets the user try again', async () => {
    server.use(mockRoute(routes.resetPassword, () => HttpResponse.error()));
    const { user } = renderReset();
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server');
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeEnabled();
  });
});
