import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { PASSWORD_MIN_LENGTH } from '#contract/limits';
import * as routes from '#contract/routes';
import { CURRENT_PASSWORD_WRONG, type SignedInDevice } from '#contract/sessions';
import { mockRoute } from '@/test/mockRoute';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

import { SignedInDevicesSection } from './SignedInDevicesSection';

const HERE: SignedInDevice = {
  id: '11111111-1111-4111-8111-111111111111',
  current: true,
  createdAt: '2026-11-20T09:15:00.000Z',
  lastSeenAt: '2026-11-25T10:00:00.000Z',
  browser: 'Chrome 120',
  os: 'Windows 10',
  address: '203.0.113.7',
};
const PHONE: SignedInDevice = {
  ...HERE,
  id: '22222222-2222-4222-8222-222222222222',
  current: false,
  browser: 'Safari 17',
  os: 'iOS',
  address: '198.51.100.20',
};
const LAPTOP: SignedInDevice = {
  ...HERE,
  id: '33333333-3333-4333-8333-333333333333',
  current: false,
  browser: 'Firefox 121',
  os: 'Linux',
  address: null,
};

/** The server's side: the customer's live sessions, which the sign-outs end; what each call carried. */
function serveDevices(initial: SignedInDevice[]) {
  let live = [...initial];
  const calls = { ended: [] as string[], endOthers: 0, tokens: new Set<string | null>() };
  server.use(
    mockRoute(routes.listSessions, ({ request }) => {
      calls.tokens.add(request.headers.get('auth-token'));
      return { success: true, sessions: live };
    }),
    mockRoute(routes.endSession, ({ params, request }) => {
      calls.tokens.add(request.headers.get('auth-token'));
      const id = String(params.id);
      calls.ended.push(id);
      if (!live.some((d) => d.id === id && !d.current)) {
        return { status: 404, body: { success: false, error: 'No such signed-in session' } };
      }
      live = live.filter((d) => d.id !== id);
      return { success: true };
    }),
    mockRoute(routes.endOtherSessions, () => {
      calls.endOthers += 1;
      const signedOut = live.filter((d) => !d.current).length;
      live = live.filter((d) => d.current);
      return { success: true, signedOut };
    }),
  );
  return calls;
}

const list = () => screen.findByRole('list', { name: 'Signed-in devices' });

beforeEach(() => {
  localStorage.setItem('authtoken', 'customer-token');
});

describe('Profile: signed-in devices', () => {
  it('lists each device with its browser, system, address and times, this one marked and without a Sign out', async () => {
    const calls = serveDevices([HERE, PHONE, LAPTOP]);
    renderRoute(<SignedInDevicesSection />);
    expect(screen.getByRole('status')).toHaveTextContent(/Loading your signed-in devices/);
    const items = within(await list()).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Chrome 120 on Windows 10This device');
    expect(items[0]).toHaveTextContent('Signed in 20 Nov 2026');
    expect(items[0]).toHaveTextContent('from 203.0.113.7');
    expect(within(items[0]).queryByRole('button')).toBeNull();
    expect(items[1]).toHaveTextContent('Safari 17 on iOS');
    expect(within(items[1]).getByRole('button', { name: /^Sign out Safari 17 on iOS/ })).toBeEnabled();
    expect(items[2]).not.toHaveTextContent('from');
    expect(calls.tokens).toEqual(new Set(['customer-token']));
  });

  it('signs one device out by its id, then shows the list without it', async () => {
    const calls = serveDevices([HERE, PHONE, LAPTOP]);
    const { user } = renderRoute(<SignedInDevicesSection />);
    await user.click(within(await list()).getByRole('button', { name: /^Sign out Safari 17 on iOS/ }));
    expect(await screen.findByText('Safari 17 on iOS was signed out.')).toBeInTheDocument();
    expect(calls.ended).toEqual([PHONE.id]);
    await waitFor(() => expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(2));
    expect(screen.queryByText('Safari 17 on iOS')).toBeNull();
  });

  it('disables every sign-out while one is being sent', async () => {
    serveDevices([HERE, PHONE, LAPTOP]);
    let release = () => undefined as void;
    server.use(
      mockRoute(routes.endSession, async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return { success: true };
      }),
    );
    const { user } = renderRoute(<SignedInDevicesSection />);
    await user.click(within(await list()).getByRole('button', { name: /^Sign out Firefox 121 on Linux/ }));
    expect(await screen.findByRole('button', { name: /^Sign out Firefox/ })).toHaveTextContent('Signing out…');
    expect(screen.getByRole('button', { name: /^Sign out Safari/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeEnabled());
  });

  it('signs out everywhere else, keeping this device', async () => {
    const calls = serveDevices([HERE, PHONE, LAPTOP]);
    const { user } = renderRoute(<SignedInDevicesSection />);
    await list();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText(/Every other device was signed out/)).toBeInTheDocument();
    expect(calls.endOthers).toBe(1);
    await waitFor(() => expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByText('No other device is signed in.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
  });

  it('says so when a device had already been signed out', async () => {
    serveDevices([HERE, PHONE]);
    server.use(
      mockRoute(routes.endSession, () => ({
        status: 404,
        body: { success: false, error: 'No such signed-in session' },
      })),
    );
    const { user } = renderRoute(<SignedInDevicesSection />);
    await user.click(within(await list()).getByRole('button', { name: /^Sign out Safari/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No such signed-in session');
  });

  it('explains a list that could not be loaded, and tries again', async () => {
    serveDevices([HERE]);
    server.use(
      mockRoute(routes.listSessions, () => ({ status: 401, body: { success: false, error: 'Please sign in again' } })),
    );
    const { user } = renderRoute(<SignedInDevicesSection />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please sign in again');
    serveDevices([HERE]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(1);
  });
});

/** The server's side of the change of password: the current one is "old-password-1"; what each call carried. */
function servePasswordChange() {
  const sent = { bodies: [] as unknown[], tokens: new Set<string | null>() };
  server.use(
    mockRoute(routes.changePassword, ({ body, request }) => {
      sent.tokens.add(request.headers.get('auth-token'));
      sent.bodies.push(body);
      if (body.currentPassword !== 'old-password-1') {
        return { status: 403, body: { success: false, error: CURRENT_PASSWORD_WRONG } };
      }
      if (body.newPassword === 'password123') {
        return { status: 400, body: { success: false, error: 'New password is too common or too easy to guess' } };
      }
      return { success: true };
    }),
  );
  return sent;
}

/** Types the three fields of the change of password. */
async function fillPasswords(
  user: ReturnType<typeof renderRoute>['user'],
  current: string,
  next: string,
  again = next,
) {
  await user.type(screen.getByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm new password'), again);
}

describe('Profile: change password', () => {
  it('asks for the current password and the new one twice, with the sign-up’s words for the rules', async () => {
    serveDevices([HERE]);
    renderRoute(<SignedInDevicesSection />);
    const section = await screen.findByRole('region', { name: 'Change password' });
    expect(within(section).getByLabelText('Current password')).toHaveAttribute('autocomplete', 'current-password');
    expect(within(section).getByLabelText('New password')).toHaveAttribute('autocomplete', 'new-password');
    expect(within(section).getByLabelText('Confirm new password')).toHaveAttribute('autocomplete', 'new-password');
    expect(within(section).getByLabelText('New password')).toHaveAccessibleDescription(
      expect.stringContaining(`At least ${PASSWORD_MIN_LENGTH} characters.`),
    );
  });

  it('changes it with the customer’s token, clears the form, says so and shows the other devices gone', async () => {
    serveDevices([HERE, PHONE, LAPTOP]);
    const sent = { bodies: [] as unknown[], tokens: new Set<string | null>() };
    server.use(
      mockRoute(routes.changePassword, ({ body, request }) => {
        sent.tokens.add(request.headers.get('auth-token'));
        sent.bodies.push(body);
        return { success: true };
      }),
      mockRoute(routes.listSessions, () => ({
        success: true,
        sessions: sent.bodies.length > 0 ? [HERE] : [HERE, PHONE, LAPTOP],
      })),
    );
    const { user } = renderRoute(<SignedInDevicesSection />);
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(3);
    await fillPasswords(user, 'old-password-1', 'new-password-2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(/Your password was changed\. Every other device was signed out/)).toBeVisible();
    expect(sent.bodies).toEqual([{ currentPassword: 'old-password-1', newPassword: 'new-password-2' }]);
    expect(sent.tokens).toEqual(new Set(['customer-token']));
    for (const label of ['Current password', 'New password', 'Confirm new password']) {
      expect(screen.getByLabelText(label)).toHaveValue('');
    }
    await waitFor(() => expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(1));
  });

  it('sends nothing while the two new passwords differ, and says so beside the confirmation', async () => {
    serveDevices([HERE]);
    const sent = servePasswordChange();
    const { user } = renderRoute(<SignedInDevicesSection />);
    await screen.findByRole('region', { name: 'Change password' });
    await fillPasswords(user, 'old-password-1', 'new-password-2', 'new-password-3');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const confirm = screen.getByLabelText('Confirm new password');
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveAccessibleDescription('The two new passwords are not the same. Type the new one again.');
    expect(confirm).toHaveFocus();
    expect(sent.bodies).toEqual([]);
  });

  it('shows a wrong current password beside that field, keeping the new one', async () => {
    serveDevices([HERE]);
    const sent = servePasswordChange();
    const { user } = renderRoute(<SignedInDevicesSection />);
    await screen.findByRole('region', { name: 'Change password' });
    await fillPasswords(user, 'wrong-password', 'new-password-2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const current = screen.getByLabelText('Current password');
    await waitFor(() => expect(current).toHaveAttribute('aria-invalid', 'true'));
    expect(current).toHaveAccessibleDescription(CURRENT_PASSWORD_WRONG);
    expect(current).toHaveFocus();
    expect(screen.getByLabelText('New password')).toHaveValue('new-password-2');
    // Still signed in: a 403 is not the 401 that drops the token.
    expect(localStorage.getItem('authtoken')).toBe('customer-token');
    expect(sent.bodies).toEqual([{ currentPassword: 'wrong-password', newPassword: 'new-password-2' }]);
  });

  it('shows a refused new password beside the new password', async () => {
    serveDevices([HERE]);
    const sent = servePasswordChange();
    const { user } = renderRoute(<SignedInDevicesSection />);
    await screen.findByRole('region', { name: 'Change password' });
    await fillPasswords(user, 'old-password-1', 'password123');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const next = screen.getByLabelText('New password');
    await waitFor(() => expect(next).toHaveAttribute('aria-invalid', 'true'));
    expect(next).toHaveAccessibleDescription(expect.stringContaining('New password is too common'));
    expect(sent.tokens).toEqual(new Set(['customer-token']));
  });

  it('disables the button while the change is being sent', async () => {
    serveDevices([HERE]);
    let release = () => undefined as void;
    server.use(
      mockRoute(routes.changePassword, async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return { success: true };
      }),
    );
    const { user } = renderRoute(<SignedInDevicesSection />);
    await screen.findByRole('region', { name: 'Change password' });
    await fillPasswords(user, 'old-password-1', 'new-password-2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('button', { name: /Saving/ })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change password' })).toBeEnabled());
  });
});
