import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { ExportAnswer } from '#contract/privacy';
import * as routes from '#contract/routes';
import { mockMailStatus } from '@/test/mailStatus';
import { mockRoute } from '@/test/mockRoute';
import { renderAppRoute } from '@/test/renderAppRoute';
import { server } from '@/test/server';

const FILE: ExportAnswer = {
  format: 2,
  exportedAt: '2031-05-04T10:00:00.000Z',
  profile: { name: 'Ann Lee', email: 'ann@example.com', cardLastFourDigits: '4242' },
  preferences: { timeZone: 'UTC', reminderEmails: true, orderEmails: true },
  orders: [],
  occasions: [],
  people: [],
  enquiries: [],
  sessions: [],
  emails: [],
  signInFailures: [],
  deviceCredentials: [],
};

/** The profile screen's own calls, answered simply: this file is about the "Your data" section. */
function serveProfile() {
  server.use(
    mockRoute(routes.checkAuth, () => ({ success: true })),
    mockRoute(routes.getUserDetails, () => ({
      success: true,
      data: {
        name: 'Ann Lee',
        email: 'ann@example.com',
        address: '12 Rose Street',
        phno: '5551234567',
        cardHolderName: 'Ann Lee',
        cardLast4: '4242',
        cardExpirationMonth: 4,
        cardExpirationYear: new Date().getFullYear() + 2,
        billingZipCode: '12345',
        autoApproveProposals: false,
      },
    })),
    mockRoute(routes.getPreferences, () => ({
      success: true,
      timeZone: 'UTC',
      reminderEmails: true,
      orderEmails: true,
    })),
    mockRoute(routes.getCalendarUrl, () => ({ success: true, active: false })),
    mockRoute(routes.listSessions, () => ({ success: true, sessions: [] })),
    mockMailStatus(),
  );
}

/** The files the page handed to the browser: their names and contents. */
function captureSavedFiles() {
  const saved: Array<{ name: string; blob: Blob }> = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  return saved;
}

beforeAll(() => import('./ProfilePage'));
beforeEach(() => {
  localStorage.setItem('authtoken', 'customer-token');
  serveProfile();
});
afterEach(() => vi.restoreAllMocks());

describe('Profile: Download my data', () => {
  it('shows a spinner while the file is made, then saves it under the name the server gave', async () => {
    const saved = captureSavedFiles();
    let release!: () => void;
    const tokens: Array<string | null> = [];
    server.use(
      mockRoute(routes.exportMyData, async ({ request }) => {
        tokens.push(request.headers.get('auth-token'));
        await new Promise<void>((resolve) => (release = resolve));
        return {
          status: 200,
          body: FILE,
          headers: { 'content-disposition': 'attachment; filename="giftwise-data-2031-05-04.json"' },
        };
      }),
    );
    const { user } = renderAppRoute('/profile');
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));

    const busy = await screen.findByRole('button', { name: 'Preparing your file…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    release();

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toBe('giftwise-data-2031-05-04.json');
    expect(JSON.parse(await saved[0].blob.text())).toEqual(FILE);
    expect(tokens).toEqual(['customer-token']);
    expect(await screen.findByRole('button', { name: 'Download my data' })).toBeEnabled();
  });

  it('says why when the server refuses (too many downloads), and saves nothing', async () => {
    const saved = captureSavedFiles();
    server.use(
      mockRoute(routes.exportMyData, () => ({
        status: 429,
        body: { success: false, error: 'Too many attempts. Please wait 60 seconds and try again.' },
      })),
    );
    const { user } = renderAppRoute('/profile');
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The download failed: Too many attempts. Please wait 60 seconds and try again.',
    );
    expect(saved).toEqual([]);
  });
});

describe('Profile: Delete my account', () => {
  it('asks for the password in a labelled dialog, says when it is wrong, then deletes and signs out', async () => {
    const sent: unknown[] = [];
    server.use(
      mockRoute(routes.deleteAccount, async ({ request }) => {
        const body = (await request.json()) as { password: string };
        sent.push(body);
        return body.password === 'correct horse battery'
          ? { success: true, ordersKept: 2 }
          : {
              status: 403,
              body: { success: false, error: 'That password is not correct. Your account has not been deleted.' },
            };
      }),
    );
    const { user } = renderAppRoute('/profile');
    await user.click(await screen.findByRole('button', { name: 'Delete my account…' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(dialog).toHaveAccessibleDescription(/cannot be undone/);
    const password = within(dialog).getByLabelText('Your current password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeDisabled();

    await user.type(password, 'not it{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That password is not correct');
    expect(localStorage.getItem('authtoken')).toBe('customer-token');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile$/);

    await user.clear(password);
    await user.type(password, 'correct horse battery');
    await user.click(confirm);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(localStorage.getItem('authtoken')).toBeNull();
    expect(sent).toEqual([{ password: 'not it' }, { password: 'correct horse battery' }]);
  });

  it('closes with Escape or Cancel without sending anything', async () => {
    let calls = 0;
    server.use(
      mockRoute(routes.deleteAccount, () => {
        calls += 1;
        return { success: true, ordersKept: 0 };
      }),
    );
    const { user } = renderAppRoute('/profile');
    const open = await screen.findByRole('button', { name: 'Delete my account…' });
    await user.click(open);
    await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText('Your current password'), 'something');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toBe(0);
    expect(localStorage.getItem('authtoken')).toBe('customer-token');
  });
});
