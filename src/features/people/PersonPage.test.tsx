import { screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Person } from '#contract/people';
import * as routes from '#contract/routes';
import { dateInWords } from '@/lib/dateWords';
import { mockRoute } from '@/test/mockRoute';
import { person, profileCanOrder, servePeople } from '@/test/peopleBackend';
import { renderAppRoute } from '@/test/renderAppRoute';
import { server } from '@/test/server';

function gran(): Person {
  return person({
    _id: 'p-gran',
    name: 'Gran',
    relationship: 'Grandmother',
    address: '1 Rose Lane',
    interests: 'Gardening',
    budget: '50',
    likes: 'Roses',
    birthYear: 1956,
    dates: [
      { _id: 'd-bday', occasion: 'Birthday', date: '1956-12-05', repeatsYearly: true, remindDaysBefore: [30, 7] },
      { _id: 'd-mday', occasion: "Mother's Day", date: '--03-09', repeatsYearly: true, remindDaysBefore: [0] },
    ],
    nextDate: {
      dateId: 'd-bday',
      occasion: 'Birthday',
      on: '2026-12-05',
      daysAway: 9,
      milestone: { kind: 'age', number: 70 },
    },
    giftIdeas: [
      { _id: 'i-1', text: 'Seed catalogue', used: false, createdAt: '2026-01-01T00:00:00.000Z' },
      { _id: 'i-2', text: 'Silk scarf', used: true, createdAt: '2026-02-01T00:00:00.000Z' },
    ],
    gifts: [
      { _id: 'g-old', date: '2024-12-05', occasion: 'Birthday', status: 'finished', budget: '40' },
      { _id: 'g-new', date: '2025-12-05', occasion: 'Birthday', status: 'new', budget: '$60' },
      { _id: 'g-mid', date: '2025-03-09', occasion: "Mother's Day", status: 'rejected', budget: '25' },
    ],
  });
}

let backend: ReturnType<typeof servePeople>;

beforeAll(() => import('./PersonPage'));
beforeEach(() => {
  localStorage.setItem('authtoken', 'customer-token');
  backend = servePeople([gran()]);
});

const open = async () => {
  const rendered = renderAppRoute('/people/p-gran');
  await screen.findByRole('heading', { level: 1, name: 'Gran' });
  return rendered;
};
const section = (name: string) => screen.getByRole('region', { name });

describe("A person's page (/people/:id)", () => {
  it('goes to /signin without a session', async () => {
    localStorage.clear();
    renderAppRoute('/people/p-gran');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/signin'));
  });

  it('shows who they are, their next date and their details', async () => {
    await open();
    expect(document.title).toBe('Gran | Giftwise');
    expect(screen.getByText('Grandmother', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText(dateInWords('2026-12-05', { weekday: true }))).toHaveAttribute('datetime', '2026-12-05');
    expect(screen.getByText('in 9 days')).toBeInTheDocument();
    expect(screen.getByText('turns 70')).toBeInTheDocument();
    const details = section('Details & preferences');
    expect(within(details).getByText('1 Rose Lane')).toBeInTheDocument();
    expect(within(details).getByText('$50')).toBeInTheDocument();
    expect(within(details).getByText('1956')).toBeInTheDocument();
    expect(within(details).getByText('Roses')).toBeInTheDocument();
  });

  it('edits the details in place and sends the whole person', async () => {
    const { user } = await open();
    const details = section('Details & preferences');
    await user.click(within(details).getByRole('button', { name: 'Edit details' }));
    const form = within(details).getByRole('form', { name: 'Edit details' });
    expect(within(form).getByLabelText(/^Name/)).toHaveValue('Gran');
    expect(within(form).getByLabelText(/^Name/)).toHaveFocus();
    await user.selectOptions(within(form).getByLabelText('Gender'), 'Female');
    await user.clear(within(form).getByLabelText('Likes'));
    await user.type(within(form).getByLabelText('Likes'), 'Roses, jazz');
    await user.type(within(form).getByLabelText('Allergies'), 'Lilies');
    await user.clear(within(form).getByLabelText('Birth year'));
    await user.click(within(form).getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(within(details).queryByRole('form')).not.toBeInTheDocument());
    expect(backend.sent).toEqual([
      {
        method: 'PUT',
        path: '/api/people/p-gran',
        body: {
          name: 'Gran',
          relationship: 'Grandmother',
          gender: 'Female',
          address: '1 Rose Lane',
          phoneNumber: '',
          email: '',
          interests: 'Gardening',
          budget: '50',
          defaultOption: 'None',
          likes: 'Roses, jazz',
          dislikes: '',
          sizes: '',
          allergies: 'Lilies',
          notes: '',
          birthYear: null,
        },
      },
    ]);
    expect(await within(details).findByText('Roses, jazz')).toBeInTheDocument();
    expect(within(details).getByRole('button', { name: 'Edit details' })).toHaveFocus();
    expect(within(details).getByText('Lilies')).toBeInTheDocument();
  });

  it("keeps the form with the server's reason beside the field it names, and moves the focus there", async () => {
    server.use(
      mockRoute(routes.updatePerson, () => ({
        status: 400,
        body: { success: false, error: 'Birth year must be a whole number from 1900' },
      })),
    );
    const { user } = await open();
    const details = section('Details & preferences');
    await user.click(within(details).getByRole('button', { name: 'Edit details' }));
    await user.clear(within(details).getByLabelText('Birth year'));
    await user.type(within(details).getByLabelText('Birth year'), '1899');
    await user.click(within(details).getByRole('button', { name: 'Save details' }));
    const year = within(details).getByLabelText('Birth year');
    await waitFor(() => expect(year).toHaveFocus());
    expect(year).toHaveValue('1899');
    expect(year).toHaveAttribute('aria-invalid', 'true');
    expect(year).toHaveAccessibleDescription(/Birth year must be a whole number from 1900/);
    expect(within(details).queryByRole('alert')).toBeNull();
  });

  it('words a refused gender as a person would, beside the Gender choice, which takes the focus', async () => {
    server.use(
      mockRoute(routes.updatePerson, () => ({ status: 400, body: { success: false, error: 'gender: Invalid input' } })),
    );
    const { user } = await open();
    const details = section('Details & preferences');
    await user.click(within(details).getByRole('button', { name: 'Edit details' }));
    await user.click(within(details).getByRole('button', { name: 'Save details' }));
    const gender = within(details).getByLabelText('Gender');
    await waitFor(() => expect(gender).toHaveFocus());
    expect(gender).toHaveAttribute('aria-invalid', 'true');
    expect(gender).toHaveAccessibleDescription('Gender: choose Male, Female or Other');
    expect(within(details).queryByText(/gender: Invalid input/)).toBeNull();
  });

  it('lists the dates in words, with or without their year, and their reminders', async () => {
    await open();
    const [bday, mday] = within(section('Dates')).getAllByTestId('person-date');
    expect(bday).toHaveTextContent('Birthday · Dec 5, 1956');
    expect(bday).toHaveTextContent('Reminders: 30 days before, 7 days before');
    expect(mday).toHaveTextContent("Mother's Day · Mar 9");
    expect(within(mday).getByText('Mar 9')).toHaveAttribute('datetime', '--03-09');
    expect(mday).toHaveTextContent('Reminders: on the day');
  });

  it('adds a date without its year as --MM-DD, with the reminders ticked', async () => {
    const { user } = await open();
    await user.click(within(section('Dates')).getByRole('button', { name: 'Add a date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a date for Gran' });
    expect(within(dialog).getByLabelText('30 days before')).toBeChecked();
    expect(within(dialog).getByLabelText('7 days before')).toBeChecked();
    expect(within(dialog).getByLabelText('On the day')).not.toBeChecked();
    await user.selectOptions(within(dialog).getByLabelText('Occasion'), 'Other');
    await user.type(within(dialog).getByLabelText('Which occasion?'), 'Name day');
    await user.click(within(dialog).getByLabelText("I don't know the year"));
    await user.selectOptions(within(dialog).getByLabelText('Month'), 'February');
    await user.selectOptions(within(dialog).getByLabelText('Day'), '29');
    await user.click(within(dialog).getByLabelText('On the day'));
    await user.click(within(dialog).getByLabelText('30 days before'));
    await user.click(within(dialog).getByRole('button', { name: 'Save date' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.sent).toEqual([
      {
        method: 'POST',
        path: '/api/people/p-gran/dates',
        body: { occasion: 'Name day', date: '--02-29', repeatsYearly: true, remindDaysBefore: [7, 0] },
      },
    ]);
    await waitFor(() => expect(within(section('Dates')).getAllByTestId('person-date')).toHaveLength(3));
    expect(within(section('Dates')).getByText('Feb 29')).toBeInTheDocument();
  });

  it('edits a date, prefilled, and sends the whole date with its year', async () => {
    const { user } = await open();
    await user.click(within(section('Dates')).getByRole('button', { name: "Edit Mother's Day" }));
    const dialog = await screen.findByRole('dialog', { name: "Edit Gran's date" });
    expect(within(dialog).getByLabelText('Occasion')).toHaveValue('Other');
    expect(within(dialog).getByLabelText('Which occasion?')).toHaveValue("Mother's Day");
    expect(within(dialog).getByLabelText("I don't know the year")).toBeChecked();
    expect(within(dialog).getByLabelText('Month')).toHaveValue('3');
    await user.click(within(dialog).getByLabelText("I don't know the year"));
    await user.type(within(dialog).getByLabelText('Date'), '2027-05-09');
    await user.click(within(dialog).getByLabelText('Repeats every year'));
    await user.click(within(dialog).getByRole('button', { name: 'Save date' }));
    await waitFor(() => expect(backend.sent).toHaveLength(1));
    expect(backend.sent[0]).toEqual({
      method: 'PUT',
      path: '/api/people/p-gran/dates/d-mday',
      body: { occasion: "Mother's Day", date: '2027-05-09', repeatsYearly: false, remindDaysBefore: [0] },
    });
  });

  it('asks before deleting a date; Cancel keeps it, Delete removes it', async () => {
    const { user } = await open();
    await user.click(within(section('Dates')).getByRole('button', { name: "Delete Mother's Day" }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this date?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(backend.sent).toEqual([]);
    await user.click(within(section('Dates')).getByRole('button', { name: "Delete Mother's Day" }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this date?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete date' }));
    await waitFor(() => expect(within(section('Dates')).getAllByTestId('person-date')).toHaveLength(1));
    expect(backend.sent).toEqual([{ method: 'DELETE', path: '/api/people/p-gran/dates/d-mday', body: undefined }]);
  });

  it('adds a gift idea, strikes one through and back, and removes one', async () => {
    const { user } = await open();
    const ideas = () => within(section('Gift ideas')).getAllByTestId('gift-idea');
    expect(within(section('Gift ideas')).getByLabelText('Silk scarf')).toBeChecked();
    expect(ideas()[1].querySelector('.gift-idea-used')).not.toBeNull();

    await user.type(within(section('Gift ideas')).getByLabelText('New gift idea'), 'Bird feeder');
    await user.click(within(section('Gift ideas')).getByRole('button', { name: 'Add idea' }));
    await waitFor(() => expect(ideas()).toHaveLength(3));
    expect(within(section('Gift ideas')).getByLabelText('New gift idea')).toHaveValue('');

    await user.click(within(section('Gift ideas')).getByLabelText('Seed catalogue'));
    await waitFor(() => expect(within(section('Gift ideas')).getByLabelText('Seed catalogue')).toBeChecked());
    expect(ideas()[0].querySelector('.gift-idea-used')).not.toBeNull();
    await user.click(within(section('Gift ideas')).getByLabelText('Silk scarf'));
    await waitFor(() => expect(within(section('Gift ideas')).getByLabelText('Silk scarf')).not.toBeChecked());

    await user.click(within(section('Gift ideas')).getByRole('button', { name: 'Remove Bird feeder' }));
    await waitFor(() => expect(ideas()).toHaveLength(2));
    expect(backend.sent).toEqual([
      { method: 'POST', path: '/api/people/p-gran/ideas', body: { text: 'Bird feeder' } },
      { method: 'PUT', path: '/api/people/p-gran/ideas/i-1', body: { used: true } },
      { method: 'PUT', path: '/api/people/p-gran/ideas/i-2', body: { used: false } },
      { method: 'DELETE', path: '/api/people/p-gran/ideas/i-new-1', body: undefined },
    ]);
  });

  it("shows a refused idea's reason", async () => {
    server.use(
      mockRoute(routes.addGiftIdea, () => ({
        status: 409,
        body: { success: false, error: 'A person can have at most 50 gift ideas' },
      })),
    );
    const { user } = await open();
    await user.type(within(section('Gift ideas')).getByLabelText('New gift idea'), 'Bird feeder');
    await user.click(within(section('Gift ideas')).getByRole('button', { name: 'Add idea' }));
    expect(await within(section('Gift ideas')).findByRole('alert')).toHaveTextContent(
      'A person can have at most 50 gift ideas',
    );
    expect(within(section('Gift ideas')).getByLabelText('New gift idea')).toHaveValue('Bird feeder');
  });

  it('lists the gift history newest first: date in words, occasion, status and budget', async () => {
    await open();
    const gifts = within(section('Gift history')).getAllByTestId('given-gift');
    expect(gifts.map((g) => g.textContent)).toEqual([
      `Birthday · ${dateInWords('2025-12-05')}Budget $60New`,
      `Mother's Day · ${dateInWords('2025-03-09')}Budget $25Rejected`,
      `Birthday · ${dateInWords('2024-12-05')}Budget $40Finished`,
    ]);
  });

  it('says when nothing was ordered for them yet', async () => {
    servePeople([person({ _id: 'p-new', name: 'Mia' })]);
    renderAppRoute('/people/p-new');
    expect(await screen.findByText('No gifts ordered for Mia yet.')).toBeInTheDocument();
    expect(screen.getByText('No coming date')).toBeInTheDocument();
  });

  it('Order a gift opens Add Order filled from them and dated on their next date; their history shows the order', async () => {
    vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const placed: unknown[] = [];
    server.use(
      mockRoute(routes.addOrder, ({ body }) => {
        placed.push(body);
        const p = gran();
        backend.people.splice(0, 1, {
          ...p,
          gifts: [{ _id: 'g-now', date: '2026-12-05', occasion: 'Birthday', status: 'new', budget: '50' }, ...p.gifts],
        });
        return { status: 201, body: { success: true, _id: 'g-now' } };
      }),
    );
    profileCanOrder();
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Order a gift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Order' });
    expect(within(dialog).getByLabelText(/Recipient Name/)).toHaveValue('Gran');
    expect(within(dialog).getByLabelText(/Occasion/)).toHaveValue('Birthday');
    expect(within(dialog).getByLabelText(/^Date/)).toHaveValue('2026-12-05');
    expect(within(dialog).getByLabelText(/Comments/)).toHaveValue('Likes: Roses\nGift ideas: Seed catalogue');
    for (const [label, value] of [
      [/Phone Number/, '5551112222'],
      [/^Email/, 'gran@example.com'],
    ] as const) {
      await user.type(within(dialog).getByLabelText(label), value);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(placed).toEqual([expect.objectContaining({ occasionId: 'd-bday', personId: 'p-gran', date: '2026-12-05' })]);
    await waitFor(() =>
      expect(within(section('Gift history')).getAllByTestId('given-gift')[0]).toHaveTextContent(
        dateInWords('2026-12-05'),
      ),
    );
  });

  it("a reminder email's link orders for the date and day it names", async () => {
    profileCanOrder();
    renderAppRoute('/people/p-gran?order=d-mday&date=2027-03-09');
    const dialog = await screen.findByRole('dialog', { name: 'Add Order' });
    expect(within(dialog).getByLabelText(/Occasion/)).toHaveValue("Mother's Day");
    expect(within(dialog).getByLabelText(/^Date/)).toHaveValue('2027-03-09');
    // The link's parameters are dropped: going back does not order again.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/people\/p-gran$/));
  });

  it("signed out, a reminder email's link leads to sign-in and back to it", async () => {
    localStorage.clear();
    renderAppRoute('/people/p-gran?order=d-mday&date=2027-03-09');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/signin?next=${encodeURIComponent('/people/p-gran?order=d-mday&date=2027-03-09')}`,
      ),
    );
  });

  it('asks before deleting the person, then goes back to the list', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Delete person' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Gran?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete person' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/people$/));
    expect(backend.sent).toEqual([{ method: 'DELETE', path: '/api/people/p-gran', body: undefined }]);
  });

  it("says plainly that an unknown or another customer's person is not found", async () => {
    renderAppRoute('/people/someone-elses');
    expect(await screen.findByRole('heading', { level: 1, name: 'Person not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to People & dates' })).toHaveAttribute('href', '/people');
    expect(document.title).toBe('Person not found | Giftwise');
  });

  it('shows a spinner while the person loads', async () => {
    server.use(
      mockRoute(routes.getPerson, async () => {
        await delay(100);
        return { success: true, data: gran() };
      }),
    );
    renderAppRoute('/people/p-gran');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your people…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gran' })).toBeInTheDocument();
  });

  it('says a failed load failed, with Try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(mockRoute(routes.getPerson, () => HttpResponse.error()));
    const { user } = renderAppRoute('/people/p-gran');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    servePeople([gran()]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Gran' })).toBeInTheDocument();
  });
});
