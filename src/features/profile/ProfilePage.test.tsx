import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { UserProfile } from '#contract/auth';
import * as routes from '#contract/routes';
import { abortRequestsTo } from '@/test/abort';
import { mailStatus, mockMailStatus } from '@/test/mailStatus';
import { mockRoute } from '@/test/mockRoute';
import { spyOnAlert } from '@/test/render';
import { renderAppRoute } from '@/test/renderAppRoute';
import { server } from '@/test/server';

const YEAR = new Date().getFullYear();

const SAVED: UserProfile = {
  name: 'Ann Lee',
  email: 'ann@example.com',
  address: '12 Rose Street, Springfield',
  phno: '5551234567',
  cardHolderName: 'Ann M Lee',
  cardLast4: '4242',
  cardExpirationMonth: 4,
  cardExpirationYear: YEAR + 3,
  billingZipCode: '12345',
  autoApproveProposals: false,
};

/** The server side of the page: a check that passes, the saved profile, and a recorder of updates. */
function serveProfile(data: Partial<UserProfile> = {}, { feedActive = false } = {}) {
  const updates: unknown[] = [];
  const tokens: (string | null)[] = [];
  server.use(
    mockRoute(routes.checkAuth, ({ request }) => {
      tokens.push(request.headers.get('auth-token'));
      return { success: true };
    }),
    mockRoute(routes.getUserDetails, ({ request }) => {
      tokens.push(request.headers.get('auth-token'));
      return { success: true, data: { ...SAVED, ...data } };
    }),
    mockRoute(routes.updateUser, async ({ request }) => {
      tokens.push(request.headers.get('auth-token'));
      updates.push(await request.json());
      return { success: true };
    }),
    mockRoute(routes.getPreferences, () => ({ success: true, ...prefs })),
    mockRoute(routes.updatePreferences, async ({ request }) => {
      const changes = (await request.json()) as Partial<typeof prefs>;
      prefUpdates.push(changes);
      prefs = { ...prefs, ...changes };
      return { success: true, ...prefs };
    }),
    mockRoute(routes.getCalendarUrl, () => ({ success: true, active: feeds > 0 })),
    mockMailStatus(mailStatus({ email: SAVED.email })),
    mockRoute(routes.listSessions, () => ({ success: true, sessions: [] })),
    mockRoute(routes.rotateCalendarUrl, () => {
      feeds++;
      return { success: true, url: feeds === 1 ? `${FEED}/first.ics` : `${FEED}/rotated.ics` };
    }),
  );
  const prefUpdates: unknown[] = [];
  let prefs = { timeZone: 'Europe/Paris', reminderEmails: true, orderEmails: true };
  let feeds = feedActive ? 1 : 0;
  return { updates, tokens, prefUpdates };
}

const FEED = 'http://localhost:3000/api/calendar';

const renderProfile = () => renderAppRoute('/profile');

// The route loads the screen's code lazily; load it once up front, so no test's timing includes it.
beforeAll(() => import('./ProfilePage'));

beforeEach(() => {
  localStorage.setItem('authtoken', 'customer-token');
});

describe('Profile: access', () => {
  it('goes to /signin without asking the server when no token is stored', async () => {
    localStorage.clear();
    renderProfile();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/signin'));
  });

  it('goes to /signin and drops the token when the check fails', async () => {
    server.use(
      mockRoute(routes.checkAuth, () => ({ status: 401, body: { success: false, error: 'Please sign in again' } })),
    );
    renderProfile();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/signin'));
    expect(localStorage.getItem('authtoken')).toBeNull();
  });

  it('stays on /profile (held, not /signin) and keeps the token when the check cannot reach the server', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(mockRoute(routes.checkAuth, () => HttpResponse.error()));
    renderProfile();
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Auth check failed', expect.any(Error)));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile$/);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your profile…');
    expect(localStorage.getItem('authtoken')).not.toBeNull();
  });

  it('goes to /signin and drops the token when the check answers success false with 200', async () => {
    server.use(mockRoute(routes.checkAuth, () => ({ success: false, error: 'Please sign in again' })));
    renderProfile();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/signin'));
    expect(localStorage.getItem('authtoken')).toBeNull();
  });

  it('stays on /profile and keeps the token when the check is aborted (the page is being left)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    abortRequestsTo('/api/auth/check');
    renderProfile();
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Auth check failed', expect.any(Error)));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile$/);
    expect(localStorage.getItem('authtoken')).toBe('customer-token');
  });

  it('shows a spinner while loading, then the form', async () => {
    const { tokens } = serveProfile();
    renderProfile();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your profile…');
    expect(await screen.findByLabelText('UserName')).toHaveValue('Ann Lee');
    // The profile's spinner is gone (the signed-in devices section, loaded after it, has its own).
    expect(screen.queryByText('Loading your profile…')).not.toBeInTheDocument();
    expect(tokens).toEqual(['customer-token', 'customer-token']);
    expect(document.title).toBe('Your profile | Giftwise');
  });

  it('logs a failed load and offers to try again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    server.use(
      mockRoute(routes.checkAuth, () => ({ success: true })),
      mockRoute(routes.getUserDetails, () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : { success: true, data: SAVED };
      }),
    );
    const { user } = renderProfile();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server');
    expect(logged).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Update Profile' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('UserName')).toHaveValue('Ann Lee');
  });
});

describe('Profile: form', () => {
  it('prefills every saved field, shows the email read-only and leaves card number and CVV blank', async () => {
    serveProfile();
    renderProfile();
    expect(await screen.findByLabelText('UserName')).toHaveValue('Ann Lee');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('ann@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Address')).toHaveValue('12 Rose Street, Springfield');
    expect(screen.getByLabelText('Phone')).toHaveValue('5551234567');
    expect(screen.getByLabelText('Card holder name')).toHaveValue('Ann M Lee');
    expect(screen.getByLabelText('Card number')).toHaveValue('');
    expect(screen.getByLabelText('CVV')).toHaveValue('');
    expect(screen.getByLabelText('Expiry month')).toHaveValue('4');
    expect(screen.getByLabelText('Expiry year')).toHaveValue(String(YEAR + 3));
    expect(screen.getByLabelText('Billing zip code')).toHaveValue('12345');
    expect(screen.getByText(/Saved card ending 4242/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Profile image' })).toHaveAttribute('src', '/avatar.svg');
  });

  it('uses autocomplete hints a browser can fill', async () => {
    serveProfile();
    renderProfile();
    await screen.findByLabelText('UserName');
    const hints = Object.fromEntries(
      [
        'UserName',
        'Address',
        'Phone',
        'Card holder name',
        'Card number',
        'CVV',
        'Expiry month',
        'Expiry year',
        'Billing zip code',
      ].map((label) => [label, screen.getByLabelText(label).getAttribute('autocomplete')]),
    );
    expect(hints).toEqual({
      UserName: 'name',
      Address: 'street-address',
      Phone: 'tel-national',
      'Card holder name': 'cc-name',
      'Card number': 'cc-number',
      CVV: 'cc-csc',
      'Expiry month': 'cc-exp-month',
      'Expiry year': 'cc-exp-year',
      'Billing zip code': 'postal-code',
    });
  });

  it('offers months 1 to 12 and the current year plus the next 19', async () => {
    serveProfile();
    renderProfile();
    const month = await screen.findByLabelText('Expiry month');
    const monthValues = within(month)
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value)
      .filter(Boolean);
    expect(monthValues).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    const yearValues = within(screen.getByLabelText('Expiry year'))
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value)
      .filter(Boolean);
    expect(yearValues).toHaveLength(20);
    expect(yearValues[0]).toBe(String(YEAR));
    expect(yearValues[19]).toBe(String(YEAR + 19));
  });

  it('says when no card is saved yet and starts with no expiry chosen', async () => {
    serveProfile({ cardLast4: null, cardExpirationMonth: null, cardExpirationYear: null });
    renderProfile();
    await screen.findByLabelText('UserName');
    expect(screen.getByText(/No card saved yet/)).toBeInTheDocument();
    expect(screen.queryByText(/Saved card ending/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Expiry month')).toHaveValue('');
    expect(screen.getByLabelText('Expiry year')).toHaveValue('');
  });
});

describe('Profile: Update Profile', () => {
  it('sends the edited fields without email or card, with numeric month and year, and alerts success', async () => {
    const { updates } = serveProfile();
    const alert = spyOnAlert();
    const { user } = renderProfile();
    const name = await screen.findByLabelText('UserName');
    await user.clear(name);
    await user.type(name, 'Ann Marie Lee');
    // A phone pasted as people write it is sent as its 10 digits.
    await user.clear(screen.getByLabelText('Phone'));
    await user.paste('+1 (555) 987-6543');
    await user.selectOptions(screen.getByLabelText('Expiry month'), '11');
    await user.selectOptions(screen.getByLabelText('Expiry year'), String(YEAR + 5));
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Profile updated successfully!'));
    expect(alert).toHaveBeenCalledTimes(1);
    expect(updates).toEqual([
      {
        name: 'Ann Marie Lee',
        address: '12 Rose Street, Springfield',
        phno: '5559876543',
        cardHolderName: 'Ann M Lee',
        cardExpirationMonth: 11,
        cardExpirationYear: YEAR + 5,
        billingZipCode: '12345',
        autoApproveProposals: false,
      },
    ]);
    expect(screen.getByText('Ann Marie Lee')).toBeInTheDocument();
    expect(screen.getByText(/Saved card ending 4242/)).toBeInTheDocument();
  });

  it('sends a newly typed card number and CVV, then shows the new last four and clears them', async () => {
    const { updates } = serveProfile();
    spyOnAlert();
    const { user } = renderProfile();
    await user.type(await screen.findByLabelText('Card number'), '4000 0566 5566 5556');
    await user.type(screen.getByLabelText('CVV'), '321');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText(/Saved card ending 5556/)).toBeInTheDocument();
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({ cardNumber: '4000 0566 5566 5556', cvv: '321' });
    expect(updates[0]).not.toHaveProperty('email');
    expect(screen.getByLabelText('Card number')).toHaveValue('');
    expect(screen.getByLabelText('CVV')).toHaveValue('');
  });

  it('sends null for an expiry month or year set back to none', async () => {
    const { updates } = serveProfile();
    const alert = spyOnAlert();
    const { user } = renderProfile();
    await user.selectOptions(await screen.findByLabelText('Expiry month'), '');
    await user.selectOptions(screen.getByLabelText('Expiry year'), '');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(alert).toHaveBeenCalled());
    expect(updates[0]).toMatchObject({ cardExpirationMonth: null, cardExpirationYear: null });
  });

  it("logs a refused update and shows the server's reason beside the field it names, without the success alert", async () => {
    serveProfile();
    server.use(
      mockRoute(routes.updateUser, () => ({
        status: 400,
        body: { success: false, error: 'Card number is not valid' },
      })),
    );
    const alert = spyOnAlert();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderProfile();
    await user.type(await screen.findByLabelText('Card number'), '4242 4242 4242 4241');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    const card = screen.getByLabelText('Card number');
    await waitFor(() => expect(card).toHaveFocus());
    expect(card).toHaveAttribute('aria-invalid', 'true');
    expect(card).toHaveAccessibleDescription(expect.stringContaining('Card number is not valid'));
    expect(logged).toHaveBeenCalledWith('Profile update failed', 'Card number is not valid');
    expect(alert).not.toHaveBeenCalled();
    // Nothing was saved: the typed number stays for the user to correct.
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4241');
  });

  it('shows a network failure in the error line', async () => {
    serveProfile();
    server.use(mockRoute(routes.updateUser, () => HttpResponse.error()));
    const alert = spyOnAlert();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderProfile();
    await screen.findByLabelText('UserName');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server');
    expect(logged).toHaveBeenCalled();
    expect(alert).not.toHaveBeenCalled();
  });

  it('disables Update Profile while saving', async () => {
    serveProfile();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      mockRoute(routes.updateUser, async () => {
        await gate;
        return { success: true };
      }),
    );
    const alert = spyOnAlert();
    const { user } = renderProfile();
    await screen.findByLabelText('UserName');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByRole('button', { name: /Saving/ })).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Update Profile' })).toBeEnabled();
    expect(alert).toHaveBeenCalledWith('Profile updated successfully!');
  });
});

describe('Profile: what ordering still needs', () => {
  const BLANK = {
    address: '',
    phno: '',
    cardHolderName: '',
    cardLast4: null,
    cardExpirationMonth: null,
    cardExpirationYear: null,
    billingZipCode: '',
  };
  const notice = () => screen.queryByText(/^To place orders, add:/);

  it("lists every missing field of a new account, with the form's own labels", async () => {
    serveProfile(BLANK);
    renderProfile();
    await screen.findByLabelText('UserName');
    expect(notice()).toHaveTextContent(
      'To place orders, add: Address, Phone, Card holder name, Card number, Expiry month, Expiry year, Billing zip code.',
    );
    for (const label of [
      'Address',
      'Phone',
      'Card holder name',
      'Card number',
      'Expiry month',
      'Expiry year',
      'Billing zip code',
    ]) {
      expect(screen.getByLabelText(label), label).toBeInTheDocument();
    }
  });

  it('lists only what a partly filled profile lacks', async () => {
    serveProfile({ phno: '555', cardLast4: null, billingZipCode: ' ' });
    renderProfile();
    await screen.findByLabelText('UserName');
    expect(notice()).toHaveTextContent('To place orders, add: Phone, Card number, Billing zip code.');
  });

  it('says nothing once the profile is complete', async () => {
    serveProfile();
    renderProfile();
    await screen.findByLabelText('UserName');
    expect(notice()).not.toBeInTheDocument();
  });

  it('follows each save: shorter after a partial one, gone once everything is filled', async () => {
    serveProfile({ address: '', phno: '', billingZipCode: '' });
    const alert = spyOnAlert();
    const { user } = renderProfile();
    await user.type(await screen.findByLabelText('Address'), '12 Rose Street');
    expect(notice()).toHaveTextContent('To place orders, add: Address, Phone, Billing zip code.');

    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(alert).toHaveBeenCalledTimes(1));
    expect(notice()).toHaveTextContent('To place orders, add: Phone, Billing zip code.');

    await user.type(screen.getByLabelText('Phone'), '5551234567');
    await user.type(screen.getByLabelText('Billing zip code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(alert).toHaveBeenCalledTimes(2));
    expect(notice()).not.toBeInTheDocument();
  });

  it('keeps the list when a save is refused', async () => {
    serveProfile({ address: '' });
    server.use(
      mockRoute(routes.updateUser, () => ({ status: 400, body: { success: false, error: 'Address is too long' } })),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderProfile();
    await user.type(await screen.findByLabelText('Address'), '12 Rose Street');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Address is too long')).toBeInTheDocument();
    expect(notice()).toHaveTextContent('To place orders, add: Address.');
  });

  it('counts a newly typed card as saved', async () => {
    serveProfile({ cardLast4: null });
    spyOnAlert();
    const { user } = renderProfile();
    await user.type(await screen.findByLabelText('Card number'), '4242 4242 4242 4242');
    expect(notice()).toHaveTextContent('To place orders, add: Card number.');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText(/Saved card ending 4242/)).toBeInTheDocument();
    expect(notice()).not.toBeInTheDocument();
  });
});

describe('Profile: emails and time zone', () => {
  it('shows the saved preferences and saves the changed ones, saying so', async () => {
    const { prefUpdates } = serveProfile();
    const { user } = renderProfile();
    const reminders = await screen.findByRole('checkbox', { name: 'Email me ahead of my dates (reminders)' });
    const orders = screen.getByRole('checkbox', { name: 'Email me when an order is processed, finished or rejected' });
    const zone = screen.getByRole('combobox', { name: 'Time zone' });
    expect(reminders).toBeChecked();
    expect(orders).toBeChecked();
    expect(zone).toHaveValue('Europe/Paris');
    await user.click(reminders);
    await user.selectOptions(zone, 'Asia/Tokyo');
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText('Preferences saved.')).toBeInTheDocument();
    expect(prefUpdates).toEqual([{ timeZone: 'Asia/Tokyo', reminderEmails: false, orderEmails: true }]);
  });

  it("shows the server's reason when a save is refused", async () => {
    serveProfile();
    server.use(
      mockRoute(routes.updatePreferences, () => ({
        status: 400,
        body: { success: false, error: 'Time zone must be an IANA time zone name, like Europe/Paris' },
      })),
    );
    const { user } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText('Time zone must be an IANA time zone name, like Europe/Paris')).toBeInTheDocument();
    expect(screen.queryByText('Preferences saved.')).not.toBeInTheDocument();
  });
  it('says what to do when turning reminders back on is refused after an unsubscribe link', async () => {
    const refusal =
      'Reminder emails were turned off from an email link. To turn them on again, sign in again (within 10 minutes) and try again.';
    serveProfile();
    server.use(
      mockRoute(routes.getPreferences, () => ({
        success: true,
        timeZone: 'Europe/Paris',
        reminderEmails: false,
        orderEmails: true,
      })),
      mockRoute(routes.updatePreferences, () => ({ status: 403, body: { success: false, error: refusal } })),
    );
    const { user } = renderProfile();
    await user.click(await screen.findByRole('checkbox', { name: 'Email me ahead of my dates (reminders)' }));
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.queryByText('Preferences saved.')).not.toBeInTheDocument();
  });
});

describe('Profile: calendar feed', () => {
  it('makes the private address, shows it once with Copy, and replaces it only after asking', async () => {
    serveProfile();
    const { user } = renderProfile();
    expect(await screen.findByText('You have no calendar feed yet.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Calendar feed link' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make my feed address' }));
    const address = await screen.findByRole('textbox', { name: 'Calendar feed link' });
    expect(address).toHaveValue(`${FEED}/first.ics`);
    expect(address).toHaveAttribute('readonly');
    expect(screen.getByText('Copy it now: for your safety it is shown only this once.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(`${FEED}/first.ics`);
    expect(screen.getByText('Copied')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    expect(screen.getByText('The old address will stop working in every calendar that uses it.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(address).toHaveValue(`${FEED}/first.ics`);

    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    await user.click(screen.getByRole('button', { name: 'Reset now' }));
    await waitFor(() => expect(address).toHaveValue(`${FEED}/rotated.ics`));
    expect(screen.getByText('A new address is ready. The old one no longer works.')).toBeInTheDocument();
  });

  it('does not show an address made before: says the feed is active, and makes a new one after asking', async () => {
    serveProfile({}, { feedActive: true });
    const { user } = renderProfile();
    expect(
      await screen.findByText(
        'Your calendar feed is active. Its address was shown only when it was made; to see one again, make a new one.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Calendar feed link' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    await user.click(screen.getByRole('button', { name: 'Reset now' }));
    expect(await screen.findByRole('textbox', { name: 'Calendar feed link' })).toHaveValue(`${FEED}/rotated.ics`);
  });

  it('still opens the profile when the preferences and the feed cannot be loaded', async () => {
    serveProfile();
    server.use(
      mockRoute(routes.getPreferences, () => HttpResponse.error()),
      mockRoute(routes.getCalendarUrl, () => ({ status: 500, body: { success: false, error: 'boom' } })),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderProfile();
    expect(await screen.findByRole('button', { name: 'Update Profile' })).toBeInTheDocument();
    expect(screen.getByText('Your preferences could not be loaded. Reload the page to try again.')).toBeInTheDocument();
    expect(screen.getByText('The address could not be loaded. Reload the page to try again.')).toBeInTheDocument();
  });
});

describe('Profile: approving gift proposals automatically', () => {
  it('shows the saved setting as a labelled switch and saves a change with the profile', async () => {
    const { updates } = serveProfile({ autoApproveProposals: true });
    spyOnAlert();
    const { user } = renderProfile();
    const toggle = await screen.findByLabelText('Approve proposals within my budget automatically');
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/A gift above the budget always waits for you/);
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(updates).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).toMatchObject({ autoApproveProposals: false });
  });
});

describe('Profile: getting started', () => {
  it('offers adding the people first, and says the card is needed only to order', async () => {
    serveProfile({
      address: '',
      phno: '',
      cardHolderName: '',
      cardLast4: null,
      cardExpirationMonth: null,
      cardExpirationYear: null,
      billingZipCode: '',
    });
    renderProfile();
    const link = await screen.findByRole('link', { name: 'Add the people you buy for' });
    expect(link).toHaveAttribute('href', '/people');
    const steps = within(link.closest('ol')!).getAllByRole('listitem');
    expect(steps[0]).toContainElement(link);
    expect(steps[1]).toHaveTextContent('The card is needed only to order.');
  });

  it('says nothing of it once the profile is complete', async () => {
    serveProfile();
    renderProfile();
    await screen.findByRole('button', { name: 'Update Profile' });
    expect(screen.queryByRole('link', { name: 'Add the people you buy for' })).not.toBeInTheDocument();
  });
});
