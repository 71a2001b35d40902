import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Occasion } from '#contract/occasions';
import * as routes from '#contract/routes';
import { mockRoute } from '@/test/mockRoute';
import { renderAppRoute } from '@/test/renderAppRoute';
import { server } from '@/test/server';

const GRAN: Occasion = {
  _id: 'occ-1',
  recipientName: 'Gran',
  relationship: 'Grandmother',
  occasion: 'Birthday',
  date: '1950-03-14',
  repeatsYearly: true,
  remindDaysBefore: [30, 7],
  gender: '',
  address: '',
  phoneNumber: '',
  email: '',
  interests: '',
  budget: '',
  defaultOption: 'None',
  comments: '',
};

let stored: Occasion[];
let sent: { method: string; url: string; body: unknown }[];

/** The fake backend, answering like the real API (docs/api.md). */
function backend() {
  server.use(
    mockRoute(routes.checkAuth, () => ({ success: true })),
    mockRoute(routes.listOccasions, () => ({ success: true, data: stored })),
    mockRoute(routes.addOccasion, async ({ request }) => {
      const body = (await request.json()) as Omit<Occasion, '_id'>;
      sent.push({ method: 'POST', url: new URL(request.url).pathname, body });
      stored = [...stored, { ...GRAN, ...body, _id: `occ-${stored.length + 2}` }];
      return { status: 201, body: { success: true, _id: 'new' } };
    }),
    mockRoute(routes.updateOccasion, async ({ request, params }) => {
      const body = (await request.json()) as Occasion;
      sent.push({ method: 'PUT', url: new URL(request.url).pathname, body });
      stored = stored.map((o) => (o._id === params.id ? { ...body, _id: o._id } : o));
      return { success: true };
    }),
    mockRoute(routes.deleteOccasion, ({ request, params }) => {
      sent.push({ method: 'DELETE', url: new URL(request.url).pathname, body: null });
      stored = stored.filter((o) => o._id !== params.id);
      return { success: true };
    }),
  );
}

beforeAll(() => import('./OccasionsPage'));
beforeEach(() => {
  localStorage.setItem('authtoken', 'customer-token');
  stored = [GRAN];
  sent = [];
  backend();
});

const cards = () => screen.queryAllByTestId('occasion-card');

describe('People & dates (/occasions)', () => {
  it('goes to /signin without a session', async () => {
    localStorage.clear();
    renderAppRoute('/occasions');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/signin'));
  });

  it('lists each occasion with its date, whether it repeats, and its reminders', async () => {
    renderAppRoute('/occasions');
    expect(await screen.findByRole('heading', { level: 1, name: 'People & dates' })).toBeInTheDocument();
    const [card] = await waitFor(() => {
      expect(cards()).toHaveLength(1);
      return cards();
    });
    expect(card).toHaveTextContent('Gran');
    expect(card).toHaveTextContent('Birthday · March 14');
    expect(card).toHaveTextContent('Every year');
    expect(card).toHaveTextContent('Reminders: 30 days before, 7 days before');
  });

  it('says what to do when there are none yet', async () => {
    stored = [];
    renderAppRoute('/occasions');
    expect(await screen.findByText('No dates yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add your first date' })).toBeInTheDocument();
  });

  it('adds an occasion with the reminders as typed, then shows it', async () => {
    const { user } = renderAppRoute('/occasions');
    await user.click(await screen.findByRole('button', { name: 'Add occasion' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add occasion' });
    await user.type(within(dialog).getByLabelText(/Recipient Name/), 'Leo');
    await user.type(within(dialog).getByLabelText(/Relationship/), 'Brother');
    await user.type(within(dialog).getByLabelText(/Occasion/), 'Graduation');
    await user.type(within(dialog).getByLabelText(/^Date/), '2031-06-20');
    await user.click(within(dialog).getByLabelText('Repeats every year'));
    const remind = within(dialog).getByLabelText('Remind me (days before)');
    await user.clear(remind);
    await user.type(remind, '14, 1 0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(sent[0]).toMatchObject({
      method: 'POST',
      body: {
        recipientName: 'Leo',
        relationship: 'Brother',
        occasion: 'Graduation',
        date: '2031-06-20',
        repeatsYearly: false,
        remindDaysBefore: [14, 1, 0],
        budget: '',
      },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("keeps the dialog open with the server's reason when it refuses", async () => {
    server.use(
      mockRoute(routes.addOccasion, () => ({
        status: 400,
        body: { success: false, error: 'Reminder days must be from 0 to 90' },
      })),
    );
    const { user } = renderAppRoute('/occasions');
    await user.click(await screen.findByRole('button', { name: 'Add occasion' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add occasion' });
    await user.type(within(dialog).getByLabelText(/Recipient Name/), 'Leo');
    await user.type(within(dialog).getByLabelText(/Relationship/), 'Brother');
    await user.type(within(dialog).getByLabelText(/Occasion/), 'Birthday');
    await user.type(within(dialog).getByLabelText(/^Date/), '1999-01-02');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Reminder days must be from 0 to 90')).toBeInTheDocument();
    expect(cards()).toHaveLength(1);
  });

  it('edits the whole occasion, prefilled', async () => {
    const { user } = renderAppRoute('/occasions');
    await user.click(await screen.findByRole('button', { name: "Edit Gran's Birthday" }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit occasion' });
    expect(within(dialog).getByLabelText(/Recipient Name/)).toHaveValue('Gran');
    expect(within(dialog).getByLabelText('Remind me (days before)')).toHaveValue('30, 7');
    await user.type(within(dialog).getByLabelText('Interests'), 'Roses');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PUT',
      url: '/api/occasions/occ-1',
      body: { ...GRAN, _id: undefined, interests: 'Roses' },
    });
  });

  it('asks before deleting; Cancel keeps it, Delete removes it', async () => {
    const { user } = renderAppRoute('/occasions');
    await user.click(await screen.findByRole('button', { name: "Delete Gran's Birthday" }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this occasion?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: "Delete Gran's Birthday" }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this occasion?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete occasion' }));
    expect(await screen.findByText('No dates yet.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'DELETE', url: '/api/occasions/occ-1', body: null }]);
  });

  it('says a failed load failed, with Try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(mockRoute(routes.listOccasions, () => HttpResponse.error()));
    const { user } = renderAppRoute('/occasions');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    backend();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
  });
});
