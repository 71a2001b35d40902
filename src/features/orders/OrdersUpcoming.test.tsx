import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { Occasion, UpcomingOccurrence } from '#contract/occasions';
import type { Order } from '#contract/orders';
import type { PersonSummary } from '#contract/people';
import * as routes from '#contract/routes';
import { dateInWords } from '@/lib/dateWords';
import { mockRoute } from '@/test/mockRoute';
import { serveOrdersPage } from '@/test/ordersBackend';
import { person, summaryOf } from '@/test/peopleBackend';
import { spyOnAlert } from '@/test/render';
import { renderAppRoute } from '@/test/renderAppRoute';
import { server } from '@/test/server';

import { orderFixture } from '../../../tests/support/fixtures';

/** A day as the Upcoming panel writes it: "Fri, Dec 18" in the customer's locale. */
const day = (date: string) => dateInWords(date, { weekday: true });

/** A local date `days` from today as YYYY-MM-DD. */
function fromToday(days: number) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

const occasion = (over: Partial<Occasion>): Occasion => ({
  _id: 'occ-1',
  recipientName: 'Nana',
  relationship: 'Grandmother',
  occasion: 'Birthday',
  date: '1950-01-01',
  repeatsYearly: true,
  remindDaysBefore: [30, 7],
  gender: 'Female',
  address: '3 Orchard Lane',
  phoneNumber: '5551112222',
  email: 'nana@example.com',
  interests: 'Gardening',
  budget: '45',
  defaultOption: 'Flowers',
  comments: 'Loves roses',
  ...over,
});

const NANA = occasion({});
const LEO = occasion({ _id: 'occ-2', recipientName: 'Leo', relationship: 'Brother', occasion: 'Graduation' });
const FAR = occasion({ _id: 'occ-3', recipientName: 'Far', occasion: 'Anniversary' });

let orders: Order[];
let coming: Array<Omit<UpcomingOccurrence, 'orderId'>>;
let sent: { url: string; body: unknown }[];
let people: PersonSummary[];

/** A person as GET /api/people lists them. */
const personNamed = (name: string): PersonSummary => summaryOf(person({ _id: `person-${name}`, name }));

/** The fake backend: answers like the real API (docs/api.md); an order naming an occurrence covers it. */
function backend() {
  serveOrdersPage(() => orders);
  server.use(
    mockRoute(routes.listOccasions, () => ({ success: true, data: [NANA, LEO, FAR] })),
    mockRoute(routes.getUpcoming, () => ({
      success: true,
      data: coming.map((c) => ({
        ...c,
        orderId:
          orders.find((o) => (o as Order & { occasionId?: string }).occasionId === c.occasionId && o.date === c.date)
            ?._id ?? null,
      })),
    })),
    mockRoute(routes.addOrder, async ({ request }) => {
      const body = (await request.json()) as Omit<Order, '_id' | 'status'>;
      sent.push({ url: '/api/gifts/addgift', body });
      orders = [...orders, { ...body, _id: `order-${orders.length + 1}`, status: 'new' }];
      return { status: 201, body: { success: true, _id: `order-${orders.length}` } };
    }),
    mockRoute(routes.addOccasion, async ({ request }) => {
      sent.push({ url: '/api/occasions', body: await request.json() });
      return { status: 201, body: { success: true, _id: 'occ-new' } };
    }),
    mockRoute(routes.listPeople, () => ({ success: true, data: people })),
    mockRoute(routes.addPerson, ({ body }) => {
      sent.push({ url: '/api/people', body });
      return { status: 201, body: { success: true, _id: 'person-new' } };
    }),
    mockRoute(routes.addPersonDate, ({ params, body }) => {
      sent.push({ url: `/api/people/${params.id}/dates`, body });
      return { status: 201, body: { success: true, _id: 'date-new' } };
    }),
  );
}

beforeAll(() => import('./OrdersPage'));
beforeEach(() => {
  localStorage.setItem('authtoken', 'customer-token');
  orders = [];
  sent = [];
  people = [personNamed('Nana')];
  coming = [
    {
      occasionId: 'occ-1',
      recipientName: 'Nana',
      occasion: 'Birthday',
      date: fromToday(5),
      daysAway: 5,
      orderBy: fromToday(3),
    },
    {
      occasionId: 'occ-2',
      recipientName: 'Leo',
      occasion: 'Graduation',
      date: fromToday(40),
      daysAway: 40,
      orderBy: fromToday(33),
    },
    {
      occasionId: 'occ-3',
      recipientName: 'Far',
      occasion: 'Anniversary',
      date: fromToday(200),
      daysAway: 200,
      orderBy: fromToday(193),
    },
  ];
  backend();
});

const upcomingItems = async () =>
  within(await screen.findByRole('list', { name: 'Upcoming occasions' })).getAllByTestId('upcoming-item');

describe('Orders: upcoming occasions', () => {
  it('lists the next 60 days soonest first, each "in N days", by when to order, with Order a gift', async () => {
    renderAppRoute('/orders');
    const items = await upcomingItems();
    expect(items.map((i) => i.textContent)).toEqual([
      `Nana's Birthday${day(fromToday(5))} · in 5 days · order by ${day(fromToday(3))}Order a gift`,
      `Leo's Graduation${day(fromToday(40))} · in 40 days · order by ${day(fromToday(33))}Order a gift`,
    ]);
    // The date itself stays machine-readable.
    expect(within(items[0]).getByText(day(fromToday(5)))).toHaveAttribute('datetime', fromToday(5));
  });

  it('says "order today" on the order-by day, that it has passed after it, and nothing once ordered', async () => {
    coming = [
      { ...coming[1], date: fromToday(1), daysAway: 1, orderBy: fromToday(-6) },
      { ...coming[2], date: fromToday(2), daysAway: 2, orderBy: fromToday(-5) },
      { ...coming[0], orderBy: fromToday(0) },
    ];
    orders = [{ ...orderFixture({ _id: 'order-far', date: fromToday(2) }), occasionId: 'occ-3' } as Order];
    renderAppRoute('/orders');
    const items = await upcomingItems();
    expect(items.map((i) => i.textContent)).toEqual([
      `Leo's Graduation${day(fromToday(1))} · tomorrow · the order-by day (${day(fromToday(-6))}) has passedOrder a gift`,
      `Far's Anniversary${day(fromToday(2))} · in 2 daysOrdered`,
      `Nana's Birthday${day(fromToday(5))} · in 5 days · order todayOrder a gift`,
    ]);
  });

  it('marks a year of occurrences on the calendar, told apart from orders by name', async () => {
    renderAppRoute('/orders');
    await upcomingItems();
    const month = (date: string) => date.slice(0, 7);
    // Nana's ring is on this month's calendar or the next one.
    if (month(fromToday(5)) !== month(fromToday(0))) {
      await screen.findByRole('button', { name: 'Next month' }).then((b) => b.click());
    }
    await waitFor(() => expect(screen.getByText("Upcoming: Nana's Birthday")).toBeInTheDocument());
    expect(screen.getAllByTestId('occasion-marker').length).toBeGreaterThan(0);
    expect(screen.queryAllByTestId('order-marker')).toHaveLength(0);
  });

  it('Order a gift opens Add Order filled from the occasion and dated on the day; the order names it and shows Ordered', async () => {
    const alert = spyOnAlert();
    const { user } = renderAppRoute('/orders');
    const [nana] = await upcomingItems();
    await user.click(within(nana).getByRole('button', { name: "Order a gift for Nana's Birthday" }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Order' });
    expect(within(dialog).getByLabelText(/Recipient Name/)).toHaveValue('Nana');
    expect(within(dialog).getByLabelText(/Interests/)).toHaveValue('Gardening');
    expect(within(dialog).getByLabelText(/Budget/)).toHaveValue('45');
    expect(within(dialog).getByLabelText(/^Date/)).toHaveValue(fromToday(5));
    await user.click(within(dialog).getByRole('button', { name: 'Order' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Successfully ordered'));
    expect(sent[0].body).toMatchObject({ recipientName: 'Nana', date: fromToday(5), occasionId: 'occ-1' });
    await waitFor(async () => expect((await upcomingItems())[0]).toHaveTextContent('Ordered'));
    // An order for a remembered occasion offers nothing more to remember.
    expect(screen.queryByRole('button', { name: /^Remember/ })).not.toBeInTheDocument();
  });

  it("a reminder's link opens the filled dialog once and drops its parameters", async () => {
    const { router } = renderAppRoute(`/orders?occasion=occ-2&date=${fromToday(40)}`);
    const dialog = await screen.findByRole('dialog', { name: 'Add Order' });
    expect(within(dialog).getByLabelText(/Recipient Name/)).toHaveValue('Leo');
    expect(within(dialog).getByLabelText(/^Date/)).toHaveValue(fromToday(40));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('a link to an occasion that is not on the list says so and opens nothing', async () => {
    const alert = spyOnAlert();
    renderAppRoute(`/orders?occasion=gone&date=${fromToday(3)}`);
    await waitFor(() => expect(alert).toHaveBeenCalledWith('That occasion is no longer on your list.'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  /** Orders from scratch (Order +) with the form typed in as a customer does. */
  async function orderFromScratch(user: ReturnType<typeof renderAppRoute>['user'], over: Partial<Order>) {
    await upcomingItems();
    await user.click(screen.getByRole('button', { name: 'Order +' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Order' });
    const order = orderFixture(over);
    for (const [label, value] of [
      [/Recipient Name/, order.recipientName],
      [/Relationship/, order.relationship],
      [/Occasion/, order.occasion],
      [/Address/, order.address],
      [/Phone Number/, order.phoneNumber],
      [/^Email/, order.email],
      [/Interests/, order.interests],
      [/Budget/, order.budget],
      [/^Date/, order.date],
    ] as const) {
      await user.type(within(dialog).getByLabelText(label), value);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    return order;
  }

  it('after an order placed from scratch, "Remember <name>" keeps them as a person with this date, yearly', async () => {
    spyOnAlert();
    const { user } = renderAppRoute('/orders');
    const order = await orderFromScratch(user, { recipientName: 'Sam', occasion: 'Anniversary', date: fromToday(12) });
    await user.click(await screen.findByRole('button', { name: 'Remember Sam' }));
    expect(
      await screen.findByText(
        "Sam is one of your people now: we will remind you ahead of Sam's Anniversary every year.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See Sam' })).toHaveAttribute('href', '/people/person-new');
    expect(sent.filter((s) => s.url !== '/api/gifts/addgift')).toEqual([
      {
        url: '/api/people',
        body: {
          name: 'Sam',
          relationship: order.relationship,
          gender: '',
          address: order.address,
          phoneNumber: order.phoneNumber,
          email: order.email,
          interests: order.interests,
          budget: order.budget,
          defaultOption: 'None',
          notes: '',
        },
      },
      // The order's date is a delivery date, not the year they were born or married: kept without its year.
      {
        url: '/api/people/person-new/dates',
        body: { occasion: 'Anniversary', date: `--${fromToday(12).slice(5)}`, repeatsYearly: true },
      },
    ]);
  });

  it('a date that could not be saved after the person was is tried again alone', async () => {
    spyOnAlert();
    let refusals = 1;
    server.use(
      mockRoute(routes.addPersonDate, ({ params, body }) => {
        sent.push({ url: `/api/people/${params.id}/dates`, body });
        if (refusals-- > 0) return { status: 400, body: { success: false, error: 'Date must be a real date' } };
        return { status: 201, body: { success: true, _id: 'date-new' } };
      }),
    );
    const { user } = renderAppRoute('/orders');
    await orderFromScratch(user, { recipientName: 'Sam', occasion: 'Anniversary', date: fromToday(12) });
    await user.click(await screen.findByRole('button', { name: 'Remember Sam' }));
    expect(await screen.findByText(/Date must be a real date/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "Add Sam's Anniversary" }));
    expect(await screen.findByText(/we will remind you ahead of Sam's Anniversary every year/)).toBeInTheDocument();
    expect(sent.filter((s) => s.url === '/api/people')).toHaveLength(1);
    expect(sent.filter((s) => s.url === '/api/people/person-new/dates')).toHaveLength(2);
  });

  it("offers nothing to remember when the name is already one of the customer's people", async () => {
    spyOnAlert();
    people = [personNamed('Nana'), personNamed('Sam')];
    const { user } = renderAppRoute('/orders');
    await orderFromScratch(user, { recipientName: ' sam ', occasion: 'Anniversary', date: fromToday(12) });
    // The people list was read (the order's answer came first), and nothing is offered.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your Orders' })).toBeInTheDocument());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: /^Remember/ })).not.toBeInTheDocument();
  });

  it('says when upcoming dates could not be loaded, and the orders still show', async () => {
    server.use(mockRoute(routes.getUpcoming, () => HttpResponse.error()));
    renderAppRoute('/orders');
    expect(await screen.findByText(/Upcoming dates could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Order +' })).toBeInTheDocument();
  });
});
