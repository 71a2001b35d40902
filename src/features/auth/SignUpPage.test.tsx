import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import * as routes from '#contract/routes';
import { mockRoute } from '@/test/mockRoute';
import { renderRoute, spyOnAlert } from '@/test/render';
import { server } from '@/test/server';

import SignUpPage from './SignUpPage';

const renderSignUp = () => renderRoute(<SignUpPage />, { path: '/signup' });

async function fillAndSubmit(user: ReturnType<typeof renderSignUp>['user'], password = 'correct horse') {
  await user.type(screen.getByLabelText('Name'), 'Ann Lee');
  await user.type(screen.getByLabelText('Email'), 'ann@example.com');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('Sign Up', () => {
  it('has name, email (type email) and password fields with autocomplete, and a link to sign in', () => {
    renderSignUp();
    expect(screen.getByLabelText('Name')).toHaveAttribute('autocomplete', 'name');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 8 characters.');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    expect(document.title).toBe('Create your account | Giftwise');
  });

  it('shows and hides the password with the toggle', async () => {
    const { user } = renderSignUp();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('posts name, email, password and time zone, stores the token and goes to /profile', async () => {
    let sent: unknown;
    server.use(
      mockRoute(routes.signUp, async ({ request }) => {
        sent = await request.json();
        return { status: 201, body: { success: true, authtoken: 'fresh-token' } };
      }),
    );
    const alert = spyOnAlert();
    const { user } = renderSignUp();
    await fillAndSubmit(user);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/profile'));
    // With the browser's time zone, so reminders fall on the customer's own days.
    expect(sent).toEqual({
      name: 'Ann Lee',
      email: 'ann@example.com',
      password: 'correct horse',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(localStorage.getItem('authtoken')).toBe('fresh-token');
    expect(alert).not.toHaveBeenCalled();
  });

  it("alerts 'Email Already Exist' for an email that has an account, and shows the server's reason", async () => {
    server.use(
      mockRoute(routes.signUp, () => ({
        status: 409,
        body: { success: false, error: 'An account with this email already exists' },
      })),
    );
    const alert = spyOnAlert();
    const { user } = renderSignUp();
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists');
    expect(alert).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith('Email Already Exist');
    expect(localStorage.getItem('authtoken')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/signup');
  });

  it.each([
    'Password is too common or too easy to guess. Choose a longer one, for example a few unrelated words',
    'Password must not be your email address',
    'Password must be at least 8 characters',
  ])(
    "shows a refused password's reason (%s) beside the password, focused, without 'Email Already Exist'",
    async (reason) => {
      server.use(mockRoute(routes.signUp, () => ({ status: 400, body: { success: false, error: reason } })));
      const alert = spyOnAlert();
      const { user } = renderSignUp();
      await fillAndSubmit(user, 'password1');
      const password = screen.getByLabelText('Password');
      await waitFor(() => expect(password).toHaveFocus());
      expect(password).toHaveAttribute('aria-invalid', 'true');
      expect(password).toHaveAccessibleDescription(`At least 8 characters. ${reason}`);
      expect(alert).not.toHaveBeenCalled();
      expect(screen.queryByText('Email Already Exist')).not.toBeInTheDocument();
      expect(localStorage.getItem('authtoken')).toBeNull();
    },
  );

  it('writes a network failure in the error line without an alert', async () => {
    server.use(mockRoute(routes.signUp, () => HttpResponse.error()));
    const alert = spyOnAlert();
    const { user } = renderSignUp();
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server');
    expect(alert).not.toHaveBeenCalled();
  });

  it('writes a non-JSON answer (a proxy error page) in the error line', async () => {
    server.use(mockRoute(routes.signUp, () => new HttpResponse('<h1>502</h1>', { status: 502 })));
    const alert = spyOnAlert();
    const { user } = renderSignUp();
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('The server answered 502 without a readable body.');
    expect(alert).not.toHaveBeenCalled();
  });

  it('disables the button while the request is in flight', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      mockRoute(routes.signUp, async () => {
        await gate;
        return { success: true, authtoken: 't' };
      }),
    );
    const { user } = renderSignUp();
    await fillAndSubmit(user);
    expect(await screen.findByRole('button', { name: /Creating your account/ })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/profile'));
  });
});
