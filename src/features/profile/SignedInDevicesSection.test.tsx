import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import * as routes from '#contract/routes';
import type { SignedInDevice } from '#contract/sessions';
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
