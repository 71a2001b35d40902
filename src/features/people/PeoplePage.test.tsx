import { screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Person } from '#contract/people';
import * as routes from '#contract/routes';
import { mockRoute } from '@/test/mockRoute';
import { person, profileCanOrder, servePeople } from '@/test/peopleBackend';
import { renderAppRoute } from '@/test/renderAppRoute';
import { server } from '@/test/server';

/** Three people in the order the API sends them (soonest next date first, none last). */
function family(): Person[] {
  return [
    person({
      _id: 'p-leo',
      name: 'Leo',
      relationship: 'Brother',
      dates: [{ _id: 'd-leo', occasion: 'Graduation', date: '2026-11-27', repeatsYearly: false, remindDaysBefore: [] }],
      nextDate: { dateId: 'd-leo', occasion: 'Graduation', on: '2026-11-27', daysAway: 1, milestone: null },
    }),
    person({
      _id: 'p-gran',
      name: 'Gran',
      relationship: 'Grandmother',
      dates: [{ _id: 'd-gran', occasion: 'Birthday', date: '1956-12-05', repeatsYearly: true, remindDaysBefore: [7] }],
      nextDate: {
        dateId: 'd-gran',
        occasion: 'Birthday',
        on: '2026-12-05',
        daysAway: 9,
        milestone: { kind: 'age', number: 70 },
      },
    }),
    person({
      _id: 'p-sam',
      name: 'Sam & Alex',
      relationship: 'Friends',
      dates: [{ _id: 'd-sam', occasion: 'Anniversary', date: '2001-02-14', repeatsYearly: true, remindDaysBefore: [] }],
      nextDate: {
        dateId: 'd-sam',
        occasion: 'Anniversary',
        on: '2027-02-14',
        daysAway: 80,
        milestone: { kind: 'anniversary', number: 26 },
      },
    }),
    person({ _id: 'p-ann', name: 'Ann', relationship: 'Aunt' }),
  ];
}

let backend: ReturnType<typeof servePeople>;

beforeAll(() => import('./PeoplePage'));
beforeEach(() => {
  localStorage.setItem('authtoken', 'customer-token');
  backend = servePeople(family());
});

const cards = () => screen.queryAllByTestId('person-card');
const names = () => cards().map((c) => within(c).getByRole('heading').textContent);
const loaded = () => waitFor(() => expect(cards().length).toBeGreaterThan(0));

describe('People & dates (/people)', () => {
  afterEach(() => vi.useRealTimers());

  it('goes to /signin without a session', async () => {
    localStorage.clear();
    renderAppRoute('/people');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/signin'));
  });

  it('opens for a new customer without a saved card, never asking whether the profile can order', async () => {
    const profileChecked = vi.fn();
    server.use(
      mockRoute(routes.isProfileFilled, () => {
        profileChecked();
        return { success: true, isProfileFilled: false, email: 'new@example.com', name: 'New' };
      }),
    );
    renderAppRoute('/people');
    await loaded();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/people$/);
    expect(profileChecked).not.toHaveBeenCalled();
  });

  it('lists the people in the order the API gives them, each with a link to their page', async () => {
    renderAppRoute('/people');
    expect(await screen.findByRole('heading', { level: 1, name: 'People & dates' })).toBeInTheDocument();
    await loaded();
    expect(names()).toEqual(['Leo', 'Gran', 'Sam & Alex', 'Ann']);
    expect(within(cards()[1]).getByRole('link', { name: 'Gran' })).toHaveAttribute('href', '/people/p-gran');
  });

  it('shows the next date in words, how far away, and the age or anniversary number', async () => {
    // Today is 26 November 2026 (only Date is faked): the year is written only for a date in another year.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 26, 12) });
    renderAppRoute('/people');
    await loaded();
    const [leo, gran, sam, ann] = cards();
    expect(leo).toHaveTextContent('Graduation · Fri, Nov 27');
    expect(within(leo).getByText('Fri, Nov 27')).toHaveAttribute('datetime', '2026-11-27');
    expect(leo).toHaveTextContent('tomorrow');
    expect(gran).toHaveTextContent('Grandmother');
    expect(gran).toHaveTextContent('Birthday · Sat, Dec 5');
    expect(gran).toHaveTextContent('in 9 days');
    expect(gran).toHaveTextContent('turns 70');
    expect(sam).toHaveTextContent('Anniversary · Sun, Feb 14, 2027');
    expect(sam).toHaveTextContent('in 80 days');
    expect(sam).toHaveTextContent('26th anniversary');
    expect(leo).not.toHaveTextContent(/turns|anniversary/);
    expect(ann).toHaveTextContent('No coming date');
  });

  it("writes the dates in the customer's own locale", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 26, 12) });
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB');
    renderAppRoute('/people');
    await loaded();
    const [leo, , sam] = cards();
    expect(leo).toHaveTextContent('Graduation · Fri 27 Nov');
    expect(sam).toHaveTextContent('Anniversary · Sun, 14 Feb 2027');
  });

  it('Order a gift opens the Add Order dialog filled from the person, dated on their next date', async () => {
    profileCanOrder();
    const { user } = renderAppRoute('/people');
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Order a gift for Gran' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Order' });
    expect(within(dialog).getByLabelText(/Recipient Name/)).toHaveValue('Gran');
    expect(within(dialog).getByLabelText(/Occasion/)).toHaveValue('Birthday');
    expect(within(dialog).getByLabelText(/^Date/)).toHaveValue('2026-12-05');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/people$/);
  });

  it('Order a gift without a saved card says the profile comes first and goes there', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    server.use(
      mockRoute(routes.isProfileFilled, () => ({
        success: true,
        isProfileFilled: false,
        email: 'new@example.com',
        name: 'New',
      })),
    );
    const { user } = renderAppRoute('/people');
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Order a gift for Gran' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/profile'));
    expect(alert).toHaveBeenCalledWith('Please Update Your Profile Before Ordering');
    expect(screen.queryByRole('dialog', { name: 'Add Order' })).not.toBeInTheDocument();
  });

  it('offers no search box for ten people or fewer', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => person({ _id: `p${i}`, name: `Person ${i}` }));
    servePeople(ten);
    renderAppRoute('/people');
    await waitFor(() => expect(cards()).toHaveLength(10));
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('offers a labelled search by name above ten people', async () => {
    const many = [...family(), ...Array.from({ length: 7 }, (_, i) => person({ _id: `p${i}`, name: `Cousin ${i}` }))];
    servePeople(many);
    const { user } = renderAppRoute('/people');
    await waitFor(() => expect(cards()).toHaveLength(11));
    const search = screen.getByRole('searchbox', { name: 'Search people' });
    await user.type(search, 'gRa');
    expect(names()).toEqual(['Gran']);
    await user.clear(search);
    await user.type(search, 'cousin');
    expect(names()).toHaveLength(7);
    await user.type(search, ' nobody');
    expect(cards()).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('No one matches “cousin nobody”.');
  });

  it('adds a person with only a name and a relationship', async () => {
    const { user } = renderAppRoute('/people');
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Add a person' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a person' });
    await waitFor(() => expect(within(dialog).getByLabelText(/^Name/)).toHaveFocus());
    await user.keyboard('Mia');
    await user.type(within(dialog).getByLabelText(/Relationship/), 'Niece');
    await user.click(within(dialog).getByRole('button', { name: 'Add person' }));
    await waitFor(() => expect(names()).toContain('Mia'));
    expect(backend.sent).toEqual([
      { method: 'POST', path: '/api/people', body: { name: 'Mia', relationship: 'Niece' } },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('takes a name alone: the relationship may be left blank', async () => {
    const { user } = renderAppRoute('/people');
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Add a person' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a person' });
    expect(within(dialog).getByLabelText(/^Name/)).toBeRequired();
    expect(within(dialog).getByLabelText('Relationship')).not.toBeRequired();
    await user.type(within(dialog).getByLabelText(/^Name/), 'Mia');
    await user.click(within(dialog).getByRole('button', { name: 'Add person' }));
    await waitFor(() => expect(names()).toContain('Mia'));
    expect(backend.sent).toEqual([{ method: 'POST', path: '/api/people', body: { name: 'Mia', relationship: '' } }]);
  });

  it('adds a person with a first date whose year is not known (--MM-DD)', async () => {
    const { user } = renderAppRoute('/people');
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Add a person' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a person' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Mia');
    await user.type(within(dialog).getByLabelText(/Relationship/), 'Niece');
    await user.click(within(dialog).getByLabelText("I don't know the year"));
    await user.selectOptions(within(dialog).getByLabelText('Month'), 'March');
    await user.selectOptions(within(dialog).getByLabelText('Day'), '9');
    await user.click(within(dialog).getByRole('button', { name: 'Add person' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.sent).toEqual([
      { method: 'POST', path: '/api/people', body: { name: 'Mia', relationship: 'Niece' } },
      {
        method: 'POST',
        path: '/api/people/new-1/dates',
        body: { occasion: 'Birthday', date: '--03-09', repeatsYearly: true, remindDaysBefore: [30, 7] },
      },
    ]);
  });

  it("disables the button while sending, then keeps the dialog open with the server's reason", async () => {
    server.use(
      mockRoute(routes.addPerson, async () => {
        await delay(50);
        return { status: 409, body: { success: false, error: 'You already have a person called Gran' } };
      }),
    );
    const { user } = renderAppRoute('/people');
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Add a person' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a person' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Gran');
    await user.type(within(dialog).getByLabelText(/Relationship/), 'Grandmother');
    await user.click(within(dialog).getByRole('button', { name: 'Add person' }));
    expect(within(dialog).getByRole('button', { name: 'Saving…' })).toBeDisabled();
    expect(await within(dialog).findByText('You already have a person called Gran')).toBeInTheDocument();
    expect(cards()).toHaveLength(4);
  });

  it('says what to do when there is no one yet', async () => {
    servePeople([]);
    renderAppRoute('/people');
    expect(await screen.findByText('No one here yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add your first person' })).toBeInTheDocument();
  });

  it('shows a spinner while the list loads', async () => {
    server.use(
      mockRoute(routes.listPeople, async () => {
        await delay(100);
        return { success: true, data: [] };
      }),
    );
    renderAppRoute('/people');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your people…');
    expect(await screen.findByText('No one here yet.')).toBeInTheDocument();
  });

  it('says a failed load failed, with Try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(mockRoute(routes.listPeople, () => HttpResponse.error()));
    const { user } = renderAppRoute('/people');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    servePeople(family());
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await loaded();
  });

  it('opens the import dialog from Import contacts', async () => {
    const { user } = renderAppRoute('/people');
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Import contacts' }));
    expect(await screen.findByRole('dialog', { name: 'Import contacts' })).toBeInTheDocument();
  });

  it('/occasions, the former address, leads to /people', async () => {
    renderAppRoute('/occasions');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/people$/));
  });
});
