import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import * as routes from '#contract/routes';
import { mockRoute } from '@/test/mockRoute';
import { renderRoute, spyOnAlert } from '@/test/render';
import { server } from '@/test/server';

import SignInPage from './SignInPage';

const renderSignIn = () => renderRoute(<SignInPage />, { path: '/signin' });

async function fillAndSubmit(
  user: ReturnType<typeof renderSignIn>['user'],
  email = 'ann@example.com',
  password = 'correct horse',
) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('Sign In', () => {
  it('has a labelled email input of type email, a password input, its title and links to sign-up and reset', () => {
    renderSignIn();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgotpass');
    expect(document.title).toBe('Sign In | Giftwise');
  });

  it('shows and hides the password with the toggle', async () => {
    const { user } = renderSignIn();
    const password = screen.getByLabelText('Password');
    await user.type(password, 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(password).toHaveValue('secret-pass');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('posts email and password, stores the token under authtoken and goes to /', async () => {
    let sent: unknown;
    server.use(
      mockRoute(routes.signIn, async ({ request }) => {
        sent = await request.json();
        return { success: true, authtoken: 'token-123' };
      }),
    );
    const alert = spyOnAlert();
    const { user } = renderSignIn();
    await fillAndSubmit(user);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(sent).toEqual({ email: 'ann@example.com', password: 'correct horse' });
    expect(localStorage.getItem('authtoken')).toBe('token-123');
    expect(alert).not.toHaveBeenCalled();
  });

  it('keeps the device credential the answer brings under devicetoken, past sign-out, and sends it at the next sign-in', async () => {
    const devices: Array<string | null> = [];
    server.use(
      mockRoute(routes.signIn, ({ request }) => {
        devices.push(request.headers.get('device-token'));
        return devices.length === 1
          ? { success: true, authtoken: 'token-1', deviceToken: 'device-credential-1' }
          : { success: true, authtoken: 'token-2' };
      }),
    );
    const first = renderSignIn();
    await fillAndSubmit(first.user);
    await waitFor(() => expect(localStorage.getItem('authtoken')).toBe('token-1'));
    expect(localStorage.getItem('devicetoken')).toBe('device-credential-1');
    first.unmount();

    // Signed out (the token gone), then back: the browser is known, and keeps its credential.
    localStorage.removeItem('authtoken');
    const second = renderSignIn();
    await fillAndSubmit(second.user);
    await waitFor(() => expect(localStorage.getItem('authtoken')).toBe('token-2'));
    expect(devices).toEqual([null, 'device-credential-1']);
    expect(localStorage.getItem('devicetoken')).toBe('device-credential-1');
    // A customer's credential is not an admin's.
    expect(localStorage.getItem('devicetoken_admin')).toBeNull();
  });

  it("shows the throttle's refusal, which tells the owner what still works", async () => {
    const refusal =
      'Too many failed sign-ins for this account: someone may be guessing its password. You can still sign in from a ' +
      'browser you signed in with before, or reset your password. Try again in 15 minutes.';
    server.use(
      mockRoute(routes.signIn, () => ({
        status: 429,
        headers: { 'retry-after': '900' },
        body: { success: false, error: refusal },
      })),
    );
    spyOnAlert();
    const { user } = renderSignIn();
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(localStorage.getItem('authtoken')).toBeNull();
  });

  it("alerts 'Enter valid details' and shows the server's reason when sign-in is refused", async () => {
    server.use(
      mockRoute(routes.signIn, () => ({
        status: 401,
        body: { success: false, error: 'Email or password is incorrect' },
      })),
    );
    const alert = spyOnAlert();
    const { user } = renderSignIn();
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Email or password is incorrect');
    expect(alert).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith('Enter valid details');
    expect(localStorage.getItem('authtoken')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/signin');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('writes a network failure in the error line without an alert', async () => {
    server.use(mockRoute(routes.signIn, () => HttpResponse.error()));
    const alert = spyOnAlert();
    const { user } = renderSignIn();
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not reach the server. Check your connection and try again.',
    );
    expect(alert).not.toHaveBeenCalled();
  });

  it('disables the button while the request is in flight', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      mockRoute(routes.signIn, async () => {
        await gate;
        return { success: true, authtoken: 't' };
      }),
    );
    const { user } = renderSignIn();
    await fillAndSubmit(user);
    const busy = await screen.findByRole('button', { name: /Signing in/ });
    expect(busy).toBeDisabled();
    release();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('clears an earlier error when the user tries again', async () => {
    let attempt = 0;
    server.use(
      mockRoute(routes.signIn, () => {
        attempt += 1;
        return attempt === 1
          ? HttpResponse.error()
          : { status: 401, body: { success: false, error: 'Email or password is incorrect' } };
      }),
    );
    spyOnAlert();
    const { user } = renderSignIn();
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Email or password is incorrect'));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});
