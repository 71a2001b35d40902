import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import Button from 'react-bootstrap/Button';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { Person, PersonSummary } from '#contract/people';
import * as routes from '#contract/routes';
import { SHELL_MESSAGES } from '#contract/shellMessages';
import { mockRoute } from '@/test/mockRoute';
import { renderRoute, spyOnAlert } from '@/test/render';
import { server } from '@/test/server';

import { toDateKey } from './orderFormValues';
import { usePersonOrder } from './PersonOrderDialog';

/** A local date `days` from today as YYYY-MM-DD. */
function fromToday(days: number) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return toDateKey(d);
}

const MUM: Person = {
  _id: 'person-mum',
  name: 'Mum',
  relationship: 'Mother',
  gender: 'Female',
  address: '3 Orchard Lane, Springfield',
  phoneNumber: '5551112222',
  email: 'mum@example.com',
  interests: 'Gardening',
  budget: '60',
  defaultOption: 'Flowers',
  likes: 'Roses, Earl Grey',
  dislikes: 'Lilies',
  sizes: 'M',
  allergies: 'Nuts',
  notes: 'Private: surprise party planned',
  birthYear: 1956,
  dates: [
    { _id: 'date-birthday', occasion: 'Birthday', date: '1956-03-14', repeatsYearly: true, remindDaysBefore: [30, 7] },
    {
      _id: 'date-mothers-day',
      occasion: "Mother's Day",
      date: `--${fromToday(20).slice(5)}`,
      repeatsYearly: true,
      remindDaysBefore: [7],
    },
  ],
  nextDate: {
    dateId: 'date-birthday',
    occasion: 'Birthday',
    on: fromToday(9),
    daysAway: 9,
    milestone: { kind: 'age', number: 70 },
  },
  giftIdeas: [
    { _id: 'i1', text: 'Silk scarf', used: false, createdAt: '2026-01-01T00:00:00.000Z' },
    { _id: 'i2', text: 'Cookbook', used: true, createdAt: '2026-01-02T00:00:00.000Z' },
  ],
  gifts: [],
};

/** A screen listing one person, as the People screen does: Order a gift for their next date, or for a chosen one. */
function PeopleHarness({ person, onOrdered }: { person: PersonSummary; onOrdered?: () => void }) {
  const { openOrderFor, orderDialog } = usePersonOrder(onOrdered);
  return (
    <>
      <Button onClick={() => openOrderFor(person)}>Order a gift</Button>
      {person.dates.map((d) => (
        <Button key={d._id} onClick={() => openOrderFor(person, d._id)}>
          Order for {d.occasion}
        </Button>
      ))}
      {orderDialog}
    </>
  );
}

let sent: unknown[];
beforeEach(() => {
  sent = [];
  server.use(
    mockRoute(routes.addOrder, ({ body }) => {
      sent.push(body);
      return { status: 201, body: { success: true, _id: 'order-1' } };
    }),
  );
});

const field = (dialog: HTMLElement, label: RegExp) => within(dialog).getByLabelText(label);

describe('Ordering from a person (Add Order started from the People screen or a person page)', () => {
  it('fills the form from their details and preferences, dated on their next date, and sends the date and person', async () => {
    const alert = spyOnAlert();
    const onOrdered = vi.fn();
    const { user } = renderRoute(<PeopleHarness person={MUM} onOrdered={onOrdered} />);
    await user.click(screen.getByRole('button', { name: 'Order a gift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Order' });
    expect(field(dialog, /Recipient Name/)).toHaveValue('Mum');
    expect(field(dialog, /Relationship/)).toHaveValue('Mother');
    expect(field(dialog, /Occasion/)).toHaveValue('Birthday');
    expect(field(dialog, /Gender/)).toHaveValue('Female');
    expect(field(dialog, /Address/)).toHaveValue('3 Orchard Lane, Springfield');
    expect(field(dialog, /Phone Number/)).toHaveValue('5551112222');
    expect(field(dialog, /^Email/)).toHaveValue('mum@example.com');
    expect(field(dialog, /Interests/)).toHaveValue('Gardening');
    expect(field(dialog, /Budget/)).toHaveValue('60');
    expect(field(dialog, /Default Option/)).toHaveValue('Flowers');
    expect(field(dialog, /^Date/)).toHaveValue(fromToday(9));
    // Likes, dislikes, sizes, allergies and the ideas not used yet, for whoever picks the gift; never the notes.
    expect(field(dialog, /Comments/)).toHaveValue(
      'Likes: Roses, Earl Grey\nDislikes: Lilies\nSizes: M\nAllergies: Nuts\nGift ideas: Silk scarf',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Order' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Successfully ordered'));
    expect(sent).toEqual([
      expect.objectContaining({
        recipientName: 'Mum',
        occasion: 'Birthday',
        date: fromToday(9),
        occasionId: 'date-birthday',
        personId: 'person-mum',
      }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onOrdered).toHaveBeenCalledWith({ occasionId: 'date-birthday', personId: 'person-mum' });
  });

  it("dates an order for another of their dates on that date's next occurrence", async () => {
    spyOnAlert();
    const { user } = renderRoute(<PeopleHarness person={MUM} />);
    await user.click(screen.getByRole('button', { name: "Order for Mother's Day" }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Order' });
    expect(field(dialog, /Occasion/)).toHaveValue("Mother's Day");
    expect(field(dialog, /^Date/)).toHaveValue(fromToday(20));
    await user.click(within(dialog).getByRole('button', { name: 'Order' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ occasionId: 'date-mothers-day', personId: 'person-mum' });
  });

  it("dates the order on the day a reminder email's link names", async () => {
    spyOnAlert();
    function FromEmail() {
      const { openOrderFor, orderDialog } = usePersonOrder();
      return (
        <>
          <Button onClick={() => openOrderFor(MUM, 'date-mothers-day', fromToday(21))}>Open from the link</Button>
          {orderDialog}
        </>
      );
    }
    const { user } = renderRoute(<FromEmail />);
    await user.click(screen.getByRole('button', { name: 'Open from the link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Order' });
    expect(field(dialog, /Occasion/)).toHaveValue("Mother's Day");
    expect(field(dialog, /^Date/)).toHaveValue(fromToday(21));
  });

  it('orders for a person without dates: no occasion or date filled in, and only the person sent', async () => {
    spyOnAlert();
    // As GET /api/people lists them: no gift ideas.
    const { giftIdeas: _ideas, gifts: _gifts, ...summary } = MUM;
    const dad: PersonSummary = { ...summary, _id: 'person-dad', name: 'Dad', dates: [], nextDate: null, likes: '' };
    const { user } = renderRoute(<PeopleHarness person={dad} />);
    await user.click(screen.getByRole('button', { name: 'Order a gift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Order' });
    expect(field(dialog, /Recipient Name/)).toHaveValue('Dad');
    expect(field(dialog, /Occasion/)).toHaveValue('');
    expect(field(dialog, /^Date/)).toHaveValue('');
    expect(field(dialog, /Comments/)).toHaveValue('Dislikes: Lilies\nSizes: M\nAllergies: Nuts');
    await user.type(field(dialog, /Occasion/), 'Retirement');
    await user.type(field(dialog, /^Date/), fromToday(3));
    await user.click(within(dialog).getByRole('button', { name: 'Order' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ occasion: 'Retirement', date: fromToday(3), personId: 'person-dad' });
    expect(sent[0]).not.toHaveProperty('occasionId');
  });

  it('says when the profile cannot order yet, and keeps the dialog open with the form', async () => {
    const alert = spyOnAlert();
    server.use(
      mockRoute(routes.addOrder, () => ({
        status: 403,
        body: { success: false, error: 'Please Update Your Profile Before Ordering', missing: ['cardNumber'] },
      })),
    );
    const { user } = renderRoute(<PeopleHarness person={MUM} />);
    await user.click(screen.getByRole('button', { name: 'Order a gift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Order' });
    await user.click(within(dialog).getByRole('button', { name: 'Order' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Please Update Your Profile Before Ordering'));
    expect(within(dialog).getByText('Please Update Your Profile Before Ordering')).toBeInTheDocument();
    expect(field(dialog, /Recipient Name/)).toHaveValue('Mum');
  });

  it('offline, says so beside Order, where the customer pressed it, and moves the focus to it', async () => {
    spyOnAlert();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(mockRoute(routes.addOrder, () => HttpResponse.error()));
    const { user } = renderRoute(<PeopleHarness person={MUM} />);
    await user.click(screen.getByRole('button', { name: 'Order a gift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Order' });
    const order = within(dialog).getByRole('button', { name: 'Order' });
    await user.click(order);
    const error = await within(dialog).findByRole('alert');
    expect(error).toHaveTextContent(SHELL_MESSAGES.serverUnreachable);
    expect(error).toHaveFocus();
    // In the footer with the buttons, not at the top of the scrolled form.
    expect(error.parentElement).toBe(order.parentElement);
    expect(field(dialog, /Recipient Name/)).toHaveValue('Mum');
  });

  it("shows a refusal that names a field beside that field, in the field's words, and focuses it", async () => {
    spyOnAlert();
    server.use(
      mockRoute(routes.addOrder, () => ({
        status: 400,
        body: { success: false, error: 'phoneNumber: Invalid input' },
      })),
    );
    const { user } = renderRoute(<PeopleHarness person={MUM} />);
    await user.click(screen.getByRole('button', { name: 'Order a gift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Order' });
    await user.click(within(dialog).getByRole('button', { name: 'Order' }));
    const phone = field(dialog, /Phone Number/);
    await waitFor(() => expect(phone).toHaveFocus());
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription(/Phone Number: check what you entered/);
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});
