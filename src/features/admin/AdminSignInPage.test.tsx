import { screen, waitFor, within } from '@testing-library/react';
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

/** A sign-in that answers an enrol-only token, and the enrolment's setup. */
const enrolOnlySignIn = () => [
  mockRoute(routes.adminLogin, () => ({ success: true, authtoken: 'enrol-token', enrolmentRequired: true as const })),
  mockRoute(routes.totpSetup, () => ({
    success: true,
    secret: 'JBSWY3DPEHPK3PXP',
    otpauthUrl: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP',
    qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
  })),
];

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

  it('writes a network error in the error line, which takes the focus, without an alert', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(mockRoute(routes.adminLogin, () => HttpResponse.error()));
    const alert = spyOnAlert();
    const { user } = renderPage();
    await fillAndSubmit(user);
    const line = await screen.findByText('Could not reach the server. Check your connection and try again.');
    await waitFor(() => expect(line).toHaveFocus());
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

describe('AdminSignInPage: the second factor', () => {
  const CODE_WANTED = {
    success: false as const,
    error: 'Enter the code from your authenticator app',
    secondFactor: 'totp' as const,
  };

  it('asks for the code when the answer says secondFactor, without an alert, then signs in with it', async () => {
    const sent: unknown[] = [];
    server.use(
      mockRoute(routes.adminLogin, async ({ request }) => {
        const body = (await request.json()) as { code?: string };
        sent.push(body);
        return body.code ? { success: true, authtoken: 'admin-token-2' } : { status: 401, body: CODE_WANTED };
      }),
    );
    const alert = spyOnAlert();
    const { user } = renderPage();
    await fillAndSubmit(user);
    const code = await screen.findByLabelText('Authentication code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAccessibleDescription('The 6-digit code your authenticator app shows now.');
    expect(localStorage.getItem('authtoken_admin')).toBeNull();
    // Only digits are kept.
    await user.type(code, '12 34a56');
    expect(code).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/adminorders'));
    expect(sent).toEqual([
      { email: 'boss@example.com', password: 'boss-password' },
      { email: 'boss@example.com', password: 'boss-password', code: '123456' },
    ]);
    expect(localStorage.getItem('authtoken_admin')).toBe('admin-token-2');
    expect(alert).not.toHaveBeenCalled();
  });

  it('sends its admin device credential with both steps and keeps the new one the signed-in answer brings', async () => {
    localStorage.setItem('devicetoken_admin', 'old-admin-device');
    const devices: Array<string | null> = [];
    server.use(
      mockRoute(routes.adminLogin, ({ request, body }) => {
        devices.push(request.headers.get('device-token'));
        return body.code
          ? { success: true, authtoken: 'admin-token-3', deviceToken: 'new-admin-device' }
          : { status: 401, body: CODE_WANTED };
      }),
    );
    const { user } = renderPage();
    await fillAndSubmit(user);
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(localStorage.getItem('authtoken_admin')).toBe('admin-token-3'));
    expect(devices).toEqual(['old-admin-device', 'old-admin-device']);
    expect(localStorage.getItem('devicetoken_admin')).toBe('new-admin-device');
    expect(localStorage.getItem('devicetoken')).toBeNull();
  });

  it('takes a recovery code instead, and shows a refused code in the error line', async () => {
    const codes: string[] = [];
    server.use(
      mockRoute(routes.adminLogin, async ({ request }) => {
        const body = (await request.json()) as { code?: string };
        if (body.code) codes.push(body.code);
        return {
          status: 401,
          body: body.code ? { ...CODE_WANTED, error: 'That code is not valid' } : CODE_WANTED,
        };
      }),
    );
    const alert = spyOnAlert();
    const { user } = renderPage();
    await fillAndSubmit(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcde-fghjk-mnpqr');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not valid')).toBeInTheDocument();
    expect(codes).toEqual(['abcde-fghjk-mnpqr']);
    expect(localStorage.getItem('authtoken_admin')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin');
    expect(alert).not.toHaveBeenCalled();
  });

  it('takes an admin without a second factor through the enrolment: QR code, key, code, then the recovery codes once', async () => {
    const recoveryCodes = Array.from({ length: 10 }, (_, i) => `aaaaa-bbbbb-ccc${String(i).padStart(2, '2')}`);
    const tokensSeen: (string | null)[] = [];
    let enrolled: unknown;
    server.use(
      mockRoute(routes.adminLogin, () => ({
        success: true,
        authtoken: 'enrol-token',
        enrolmentRequired: true as const,
      })),
      mockRoute(routes.totpSetup, ({ request }) => {
        tokensSeen.push(request.headers.get('auth-token'));
        return {
          success: true,
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/Giftwise:boss%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
        };
      }),
      mockRoute(routes.totpEnrol, async ({ request }) => {
        tokensSeen.push(request.headers.get('auth-token'));
        enrolled = await request.json();
        return { success: true, recoveryCodes };
      }),
    );
    const { user } = renderPage();
    await fillAndSubmit(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' })).toHaveAttribute(
      'src',
      'data:image/svg+xml;base64,PHN2Zy8+',
    );
    expect(screen.getByLabelText('Secret key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    // The enrol-only token is not stored: it opens nothing but this.
    expect(localStorage.getItem('authtoken_admin')).toBeNull();

    await user.type(screen.getByLabelText('Code from the app'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(recoveryCodes);
    expect(enrolled).toEqual({ code: '654321' });
    expect(tokensSeen).toEqual(['enrol-token', 'enrol-token']);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin');

    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/adminorders'));
    expect(localStorage.getItem('authtoken_admin')).toBe('enrol-token');
  });

  it('shows a refused enrolment code and stays on the enrolment', async () => {
    server.use(
      ...enrolOnlySignIn(),
      mockRoute(routes.totpEnrol, () => ({ status: 400, body: { success: false, error: 'That code is not valid' } })),
    );
    const { user } = renderPage();
    await fillAndSubmit(user);
    await user.type(await screen.findByLabelText('Code from the app'), '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('That code is not valid')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(localStorage.getItem('authtoken_admin')).toBeNull();
  });

  it('shows the admin header an enrol-only session can use: brand, email, theme and Sign Out, no section links', async () => {
    const signedOut: (string | null)[] = [];
    server.use(
      ...enrolOnlySignIn(),
      mockRoute(routes.adminLogout, ({ request }) => {
        signedOut.push(request.headers.get('auth-token'));
        return { success: true };
      }),
    );
    const { user } = renderPage();
    await fillAndSubmit(user);
    await screen.findByRole('heading', { level: 1, name: 'Set up two-factor sign-in' });
    const header = screen.getByRole('navigation', { name: 'Admin' });
    expect(header).toHaveTextContent('Giftwise Admin');
    expect(within(header).getByText('boss@example.com')).toBeInTheDocument();
    // Every link of the full header would answer 403 to this session: none is shown.
    expect(within(header).queryAllByRole('link')).toEqual([]);
    expect(within(header).queryByRole('list', { name: 'Admin sections' })).toBeNull();
    await user.selectOptions(within(header).getByRole('combobox', { name: 'Theme' }), 'dark');
    expect(document.documentElement).toHaveAttribute('data-bs-theme', 'dark');

    await user.click(within(header).getByRole('button', { name: 'Sign Out' }));
    // The enrol-only session ends on the server, and the sign-in form is back, its password empty, nothing stored.
    expect(await screen.findByRole('heading', { level: 1, name: 'ADMIN SIGN IN' })).toBeInTheDocument();
    expect(signedOut).toEqual(['enrol-token']);
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(localStorage.getItem('authtoken_admin')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).toBeNull();
  });
});
