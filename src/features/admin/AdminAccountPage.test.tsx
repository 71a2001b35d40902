import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import * as routes from '#contract/routes';
import { CURRENT_PASSWORD_WRONG, type SignedInDevice } from '#contract/sessions';
import { adminRoutes } from '@/app/adminArea';
import { mockRoute } from '@/test/mockRoute';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';

const HERE: SignedInDevice = {
  id: '11111111-1111-4111-8111-111111111111',
  current: true,
  createdAt: '2026-11-25T08:00:00.000Z',
  lastSeenAt: '2026-11-25T09:00:00.000Z',
  browser: 'Chrome 120',
  os: 'Windows 10',
  address: '198.51.100.4',
};
const OTHER: SignedInDevice = {
  ...HERE,
  id: '22222222-2222-4222-8222-222222222222',
  current: false,
  browser: 'Firefox 121',
  os: 'Linux',
};

/** The admin side of the screen: the check, the admin's sessions and the password change; what each call carried. */
function serveAccount() {
  let live = [HERE, OTHER];
  const seen = { tokens: new Set<string | null>(), lists: 0, passwordBodies: [] as unknown[], endOthers: 0 };
  server.use(
    mockRoute(routes.adminCheck, () => ({ success: true, email: 'boss@example.com' })),
    mockRoute(routes.listAdminSessions, ({ request }) => {
      seen.tokens.add(request.headers.get('auth-token'));
      seen.lists += 1;
      return { success: true, sessions: live };
    }),
    mockRoute(routes.endOtherAdminSessions, ({ request }) => {
      seen.tokens.add(request.headers.get('auth-token'));
      seen.endOthers += 1;
      live = [HERE];
      return { success: true, signedOut: 1 };
    }),
    mockRoute(routes.changeAdminPassword, async ({ request }) => {
      seen.tokens.add(request.headers.get('auth-token'));
      const body = (await request.json()) as { currentPassword: string; newPassword: string };
      seen.passwordBodies.push(body);
      if (body.currentPassword !== 'old-password-1') {
        return { status: 403, body: { success: false, error: CURRENT_PASSWORD_WRONG } };
      }
      live = [HERE];
      return { success: true };
    }),
  );
  return seen;
}

const renderAccount = () => renderRoutes([adminRoutes], '/admin/account');

// The screen's chunk, loaded once up front so no test's timing includes it.
beforeAll(() => Promise.all([import('./AdminAccountPage'), import('@/app/layouts/AdminLayout')]));

beforeEach(() => {
  localStorage.setItem('authtoken_admin', 'admin-token');
  localStorage.setItem('authtoken', 'customer-token');
});

describe('/admin/account', () => {
  it('is linked from the admin header and shows the admin, the password form and their devices', async () => {
    const seen = serveAccount();
    renderAccount();
    expect(await screen.findByRole('heading', { name: 'Your admin account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your account' })).toHaveAttribute('href', '/admin/account');
    expect(screen.getByRole('link', { name: 'Your account' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByLabelText('Current password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByLabelText('New password')).toHaveAttribute('autocomplete', 'new-password');
    const devices = await screen.findByRole('list', { name: 'Signed-in devices' });
    expect(
      within(devices)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Chrome 120 on Windows 10This device'),
      expect.stringContaining('Firefox 121 on Linux'),
    ]);
    // The admin's own calls, with the admin token, never the customer's.
    expect(seen.tokens).toEqual(new Set(['admin-token']));
  });

  it('changes the password, then says the other sessions ended and shows them gone', async () => {
    const seen = serveAccount();
    const { user } = renderAccount();
    await screen.findByRole('list', { name: 'Signed-in devices' });
    await user.type(screen.getByLabelText('Current password'), 'old-password-1');
    await user.type(screen.getByLabelText('New password'), 'new-password-2');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password-2');
    const submit = screen.getByRole('button', { name: 'Change password' });
    await user.click(submit);
    expect(
      await screen.findByText(
        'Your password was changed. Every other device was signed out; this one stays signed in.',
      ),
    ).toBeInTheDocument();
    expect(seen.passwordBodies).toEqual([{ currentPassword: 'old-password-1', newPassword: 'new-password-2' }]);
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(screen.getByLabelText('Confirm new password')).toHaveValue('');
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Signed-in devices' })).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(seen.lists).toBeGreaterThanOrEqual(2);
  });

  it('shows the refusal of a wrong current password beside it, keeping what was typed', async () => {
    serveAccount();
    const { user } = renderAccount();
    await screen.findByRole('heading', { name: 'Your admin account' });
    await user.type(screen.getByLabelText('Current password'), 'wrong-password');
    await user.type(screen.getByLabelText('New password'), 'new-password-2');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password-2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(CURRENT_PASSWORD_WRONG),
    );
    expect(localStorage.getItem('authtoken_admin')).toBe('admin-token');
    expect(screen.getByLabelText('New password')).toHaveValue('new-password-2');
    expect(screen.getByRole('button', { name: 'Change password' })).toBeEnabled();
  });

  it('signs out everywhere else with the admin calls', async () => {
    const seen = serveAccount();
    const { user } = renderAccount();
    await screen.findByRole('list', { name: 'Signed-in devices' });
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('No other device is signed in.')).toBeInTheDocument();
    expect(seen.endOthers).toBe(1);
  });
});
