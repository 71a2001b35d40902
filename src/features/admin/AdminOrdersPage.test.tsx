import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { SuccessOf } from '#contract/api';
import * as routes from '#contract/routes';
import { dateInWords } from '@/lib/dateWords';
import { mockRoute, type MockedRequest } from '@/test/mockRoute';
import { renderRoutes, spyOnAlert } from '@/test/render';
import { server } from '@/test/server';

import AdminOrdersPage, { HydrateFallback, loader } from './AdminOrdersPage';

type Status = 'new' | 'processed' | 'finished' | 'rejected';

const ORDER_ID = '6f1c2b9e-3a44-4c1e-9d1b-2a7f5e9c0d11';

/** One order of getOrders' list, as the server answers it. */
const listItem = (id: string, recipientName: string, budget: string, date: string, status: Status = 'new') => ({
  _id: id,
  recipientName,
  budget,
  date,
  occasion: 'Birthday',
  status,
  customerName: 'Priya Raman',
  customerEmail: 'priya@example.com',
  statusSince: '2026-11-20T09:00:00.000Z',
  placedAt: '2026-11-20T09:00:00.000Z',
});

const COUNTS = { new: 45000, processed: 12, finished: 3, rejected: 1 };
const countsHandler = (counts = COUNTS) => mockRoute(routes.getOrderCounts, () => ({ success: true, counts }));
// Every load of the page also asks for the views' counts (shown by the admin header).
beforeEach(() => server.use(countsHandler()));

function details(
  status: Status,
  earlierOrders: SuccessOf<'getOrderDetails'>['earlierOrders'] = [],
): SuccessOf<'getOrderDetails'> {
  return {
    success: true,
    orderDetails: {
      _id: ORDER_ID,
      recipientName: 'Maya',
      relationship: 'Sister',
      occasion: 'Birthday',
      gender: 'Female',
      address: '4 Elm Road, Springfield',
      phoneNumber: '5559876543',
      email: 'maya@example.com',
      interests: 'Electronics',
      budget: '75',
      defaultOption: 'Flowers',
      comments: '',
      date: '2026-12-24',
      status,
      statusHistory: [
        { fromStatus: null, toStatus: 'new', changedAt: '2026-11-20T09:00:00.000Z', adminEmail: null, reason: null },
        ...(status === 'new'
          ? []
          : [
              {
                fromStatus: 'new',
                toStatus: status === 'rejected' ? 'rejected' : 'processed',
                changedAt: '2026-11-20T10:00:00.000Z',
                adminEmail: 'boss@example.com',
                reason: null,
              } as const,
            ]),
        ...(status === 'finished'
          ? [
              {
                fromStatus: 'processed',
                toStatus: 'finished',
                changedAt: '2026-11-21T10:00:00.000Z',
                adminEmail: 'chief@example.com',
                reason: null,
              } as const,
            ]
          : []),
      ],
    },
    userDetails: {
      name: 'Priya Raman',
      email: 'priya@example.com',
      date: '2026-01-15',
      address: '12 Rose Street',
      phno: '5551234567',
      cardHolderName: 'Priya R',
      cardNumber: '•••• 4242',
      cvv: null,
      cardExpirationMonth: 3,
      cardExpirationYear: 2029,
      billingZipCode: '62704',
    },
    earlierOrders,
    // The same moves as the history, as the server words them for staff (contract/timeline.ts).
    timeline: [
      { kind: 'placed', at: '2026-11-20T09:00:00.000Z', day: '2026-11-20', words: 'Placed', by: 'the customer' },
      ...(status === 'new'
        ? []
        : [
            {
              kind: status === 'rejected' ? ('rejected' as const) : ('processed' as const),
              at: '2026-11-20T10:00:00.000Z',
              day: '2026-11-20',
              words: status === 'rejected' ? 'Moved to rejected' : 'Moved to processed',
              by: 'boss@example.com',
            },
          ]),
      ...(status === 'finished'
        ? [
            {
              kind: 'finished' as const,
              at: '2026-11-21T10:00:00.000Z',
              day: '2026-11-21',
              words: 'Moved to finished',
              by: 'chief@example.com',
            },
          ]
        : []),
    ],
    notes: [],
  };
}

/** getOrders answering per status; records every status asked for. */
/** getOrders' answer holding every order asked for: one page, with nothing after it. */
const onePage = (data: ReturnType<typeof listItem>[]) =>
  ({ success: true, data, page: 1, limit: 50, hasMore: false, nextCursor: null }) as const;

function ordersHandler(byStatus: Partial<Record<Status, ReturnType<typeof listItem>[]>>, asked: string[] = []) {
  return mockRoute(routes.getAdminOrders, ({ body }) => {
    asked.push(body.status);
    return onePage(byStatus[body.status] ?? []);
  });
}

const renderPage = (search = '') =>
  renderRoutes(
    [{ path: '/adminorders', Component: AdminOrdersPage, loader, HydrateFallback }],
    `/adminorders${search}`,
  );

async function openDialog(user: ReturnType<typeof renderPage>['user']) {
  await user.click(await screen.findByRole('button', { name: /^View Order/ }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText('Customer since');
  return dialog;
}

describe('AdminOrdersPage (/adminorders)', () => {
  it.each([
    ['', 'new', 'New Orders'],
    ['?view=new', 'new', 'New Orders'],
    ['?view=processed', 'processed', 'Processed Orders'],
    ['?view=finished', 'finished', 'Finished Orders'],
    ['?view=rejected', 'rejected', 'Rejected Orders'],
    ['?view=bogus', 'new', 'New Orders'],
  ])('view %j asks for %s orders and is headed %j, with a card per order', async (search, status, heading) => {
    const asked: string[] = [];
    server.use(
      ordersHandler(
        {
          [status]: [listItem('a', 'Maya', '75', '2026-12-01'), listItem('b', 'Grandpa Joe', '$120.50', '2026-12-25')],
        },
        asked,
      ),
    );
    renderPage(search);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: heading });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByRole('heading', { name: 'Maya' })).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent('$75');
    expect(cards[0]).toHaveTextContent(dateInWords('2026-12-01', { weekday: true }));
    expect(cards[0]).not.toHaveTextContent('2026-12-01');
    expect(within(cards[0]).getByRole('button', { name: /^View Order/ })).toHaveTextContent('View Order');
    expect(cards[1]).toHaveTextContent('Grandpa Joe');
    expect(cards[1]).toHaveTextContent('$120.50');
    expect(asked).toEqual([status]);
    expect(document.title).toBe(`${heading} | Giftwise`);
  });

  it.each([
    ['new', 'No New orders found'],
    ['processed', 'No Processed orders found'],
    ['finished', 'No Finished orders found'],
    ['rejected', 'No Rejected orders found'],
  ])('an empty %s list says %j', async (view, text) => {
    server.use(ordersHandler({}));
    renderPage(`?view=${view}`);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('shows a spinner while loading', async () => {
    server.use(
      mockRoute(routes.getAdminOrders, async () => {
        await delay(50);
        return onePage([]);
      }),
    );
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading new orders…');
    expect(await screen.findByText('No New orders found')).toBeInTheDocument();
  });

  it('reloads when the view changes', async () => {
    const asked: string[] = [];
    server.use(
      ordersHandler(
        { new: [listItem('a', 'Maya', '75', '2026-12-01')], processed: [listItem('b', 'Leo', '60', '2026-12-05')] },
        asked,
      ),
    );
    const { router } = renderPage();
    expect(await screen.findByText('Maya')).toBeInTheDocument();
    await act(() => router.navigate('/adminorders?view=processed'));
    expect(await screen.findByText('Leo')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Processed Orders' })).toBeInTheDocument();
    expect(screen.queryByText('Maya')).not.toBeInTheDocument();
    expect(asked).toEqual(['new', 'processed']);
  });

  it('alerts "Failed to fetch orders" when the server refuses', async () => {
    server.use(
      mockRoute(routes.getAdminOrders, () => ({
        status: 401,
        body: { success: false, error: 'Please sign in as an admin again' },
      })),
    );
    const alert = spyOnAlert();
    renderPage();
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to fetch orders'));
    expect(await screen.findByText('Please sign in as an admin again')).toBeInTheDocument();
  });

  it('alerts "Error fetching orders" when the call fails, and can try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    server.use(
      mockRoute(routes.getAdminOrders, () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : onePage([]);
      }),
    );
    const alert = spyOnAlert();
    const { user } = renderPage();
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Error fetching orders'));
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No New orders found')).toBeInTheDocument();
  });
});

/** getOrders answering in pages (as the server does) per status; records every body asked for. */
function pagedAnswer(pages: Partial<Record<Status, ReturnType<typeof listItem>[][]>>, asked: unknown[] = [], wait = 0) {
  return async ({ body }: MockedRequest<typeof routes.getAdminOrders>) => {
    asked.push(body);
    if (wait) await delay(wait);
    const all = pages[body.status] ?? [];
    // The cursors this fake writes: "after-<page>".
    const page = body.cursor ? Number(body.cursor.replace('after-', '')) + 1 : 1;
    const hasMore = page < all.length;
    return {
      success: true,
      data: all[page - 1] ?? [],
      page: body.cursor ? null : 1,
      limit: 2,
      hasMore,
      nextCursor: hasMore ? `after-${page}` : null,
    } as const;
  };
}
const pagedHandler = (...args: Parameters<typeof pagedAnswer>) =>
  mockRoute(routes.getAdminOrders, pagedAnswer(...args));

const NEW_PAGES = [
  [listItem('n1', 'Ada', '10', '2026-12-01'), listItem('n2', 'Ben', '20', '2026-12-02')],
  [listItem('n3', 'Cleo', '30', '2026-12-03'), listItem('n4', 'Dev', '40', '2026-12-04')],
  [listItem('n5', 'Eve', '50', '2026-12-05')],
];

const cardNames = () =>
  within(screen.getByRole('list', { name: /Orders$/ }))
    .getAllByRole('listitem')
    .map((li) => within(li).getByRole('heading').textContent);

describe('Load more (getOrders pages)', () => {
  it('shows the first page with Load more, which appends the next page until there is none', async () => {
    const asked: unknown[] = [];
    server.use(pagedHandler({ new: NEW_PAGES }, asked));
    const { user } = renderPage();
    expect(await screen.findByText('Ada')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Ada', 'Ben']);
    expect(screen.getByText('Showing 2 new orders')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Cleo')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Ada', 'Ben', 'Cleo', 'Dev']);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Eve')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Ada', 'Ben', 'Cleo', 'Dev', 'Eve']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 5 new orders (all of them)')).toBeInTheDocument();
    // The button went away: focus lands on the first order the last page brought.
    expect(screen.getByRole('button', { name: 'View Order for Eve' })).toHaveFocus();
    // The first page is asked for with `{status}` alone; later pages add the previous answer's cursor.
    expect(asked).toEqual([
      { status: 'new' },
      { status: 'new', cursor: 'after-1' },
      { status: 'new', cursor: 'after-2' },
    ]);
  });

  it('is disabled and shows a spinner while the next page loads', async () => {
    server.use(pagedHandler({ new: NEW_PAGES }, [], 80));
    const { user } = renderPage();
    const button = await screen.findByRole('button', { name: 'Load more' });
    await user.click(button);
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button.querySelector('.spinner-border')).not.toBeNull();
    expect(await screen.findByText('Cleo')).toBeInTheDocument();
    expect(button).toBeEnabled();
    expect(button.querySelector('.spinner-border')).toBeNull();
  });

  it('offers no Load more for a single page, nor for an answer without hasMore (a server without paging)', async () => {
    server.use(pagedHandler({ new: [NEW_PAGES[0]] }));
    const { unmount } = renderPage();
    expect(await screen.findByText('Ada')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
    unmount();

    // An answer outside the table (an older server's, without the paging fields) is sent raw, unchecked.
    server.use(mockRoute(routes.getAdminOrders, () => HttpResponse.json({ success: true, data: NEW_PAGES[0] })));
    renderPage();
    expect(await screen.findByText('Ada')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('starts again at page 1 when the view changes', async () => {
    const asked: unknown[] = [];
    server.use(
      pagedHandler(
        {
          new: NEW_PAGES,
          processed: [[listItem('p1', 'Leo', '60', '2026-12-05')], [listItem('p2', 'Mia', '70', '2026-12-06')]],
        },
        asked,
      ),
    );
    const { user, router } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Dev')).toBeInTheDocument();

    await act(() => router.navigate('/adminorders?view=processed'));
    expect(await screen.findByText('Leo')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Leo']);
    await act(() => router.navigate('/adminorders?view=new'));
    await waitFor(() => expect(cardNames()).toEqual(['Ada', 'Ben']));
    expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled();
    expect(asked).toEqual([
      { status: 'new' },
      { status: 'new', cursor: 'after-1' },
      { status: 'processed' },
      { status: 'new' },
    ]);
  });

  it('reloads from page 1 after a status change', async () => {
    const asked: unknown[] = [];
    server.use(
      pagedHandler({ new: NEW_PAGES }, asked),
      mockRoute(routes.getOrderDetails, ({ body }) => {
        const answer = details('new');
        answer.orderDetails._id = body.order_id;
        return answer;
      }),
      mockRoute(routes.updateOrderStatus, () => ({ success: true, from: 'new', status: 'processed' }) as const),
    );
    const alert = spyOnAlert();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await user.click(await screen.findByRole('button', { name: 'View Order for Dev' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Customer since');
    await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Order status updated to processed'));
    await waitFor(() => expect(asked).toHaveLength(3));
    expect(asked[2]).toEqual({ status: 'new' });
    await waitFor(() => expect(cardNames()).toEqual(['Ada', 'Ben']));
  });

  it('leaves out an order the next page repeats (the list shifted meanwhile)', async () => {
    server.use(
      pagedHandler({
        new: [NEW_PAGES[0], [listItem('n2', 'Ben', '20', '2026-12-02'), listItem('n3', 'Cleo', '30', '2026-12-03')]],
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Cleo')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Ada', 'Ben', 'Cleo']);
  });

  it.each([
    [
      'refuses',
      () => HttpResponse.json({ success: false, error: 'Please sign in as an admin again' }, { status: 401 }),
      'Failed to fetch orders',
      'Please sign in as an admin again',
    ],
    ['cannot be reached', () => HttpResponse.error(), 'Error fetching orders', /Could not reach the server/],
  ])(
    'when the server %s: alerts, keeps the list and lets the admin try again',
    async (_case, failure, alertText, shown) => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      let failNext = true;
      const paged = pagedAnswer({ new: NEW_PAGES });
      server.use(
        mockRoute(routes.getAdminOrders, (request) => {
          if (request.body.cursor === 'after-1' && failNext) {
            failNext = false;
            return failure();
          }
          return paged(request);
        }),
      );
      const alert = spyOnAlert();
      const { user } = renderPage();
      await user.click(await screen.findByRole('button', { name: 'Load more' }));
      await waitFor(() => expect(alert).toHaveBeenCalledWith(alertText));
      expect(await screen.findByText(shown)).toBeInTheDocument();
      expect(cardNames()).toEqual(['Ada', 'Ben']);
      await user.click(screen.getByRole('button', { name: 'Load more' }));
      expect(await screen.findByText('Cleo')).toBeInTheDocument();
      expect(screen.queryByText(shown)).not.toBeInTheDocument();
    },
  );
});

describe('the Order and User Details dialog', () => {
  it.each([
    ['new', ['Proceed', 'Reject', 'Close']],
    ['processed', ['Finish', 'Reject', 'Close']],
    ['rejected', ['Proceed', 'Close']],
    ['finished', ['Close']],
  ] as const)('for a %s order offers %j', async (status, buttons) => {
    server.use(
      ordersHandler({ [status]: [listItem(ORDER_ID, 'Maya', '75', '2026-12-24')] }),
      mockRoute(routes.getOrderDetails, () => details(status)),
    );
    const { user } = renderPage(`?view=${status}`);
    const dialog = await openDialog(user);
    expect(within(dialog).getByRole('heading', { name: 'Order and User Details' })).toBeInTheDocument();
    const footer = dialog.querySelector('.modal-footer') as HTMLElement;
    expect(
      within(footer)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(buttons);
  });

  it("shows the customer's earlier orders for the same person, newest first, or says there are none", async () => {
    const earlier = [
      { _id: 'e2', date: '2026-05-10', occasion: "Mother's Day", status: 'rejected', budget: '25' },
      {
        _id: 'e1',
        date: '2025-12-24',
        occasion: 'Birthday',
        status: 'finished',
        budget: '$40',
        title: 'Peony bouquet',
        price: '39.00',
        rating: 'loved',
        ratingNote: 'She kept the vase',
      },
    ] as const;
    server.use(
      ordersHandler({ new: [listItem(ORDER_ID, 'Maya', '75', '2026-12-24')] }),
      mockRoute(routes.getOrderDetails, () => details('new', [...earlier])),
    );
    const { user } = renderPage();
    const dialog = await openDialog(user);
    const table = within(dialog).getByRole('table', { name: 'Earlier orders for Maya' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent)),
    ).toEqual([
      ['Date', 'Occasion', 'Status', 'Budget'],
      [dateInWords('2026-05-10'), "Mother's Day", 'rejected', '$25'],
      [dateInWords('2025-12-24'), 'Birthday', 'finished', '$40'],
      ['Gift: Peony bouquet, $39.00 · How it went: Loved it (“She kept the vase”)'],
    ]);

    server.use(mockRoute(routes.getOrderDetails, () => details('new')));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const again = await openDialog(user);
    expect(within(again).getByText('This customer has no earlier orders for Maya.')).toBeInTheDocument();
    expect(within(again).queryByRole('table', { name: /Earlier orders/ })).not.toBeInTheDocument();
  });

  it('shows every order field with its status and history, and the customer with the card masked and no CVV', async () => {
    let asked: unknown;
    server.use(
      ordersHandler({ finished: [listItem(ORDER_ID, 'Maya', '75', '2026-12-24')] }),
      mockRoute(routes.getOrderDetails, async ({ request }) => {
        asked = await request.json();
        return details('finished');
      }),
    );
    const { user } = renderPage('?view=finished');
    const dialog = await openDialog(user);
    expect(asked).toEqual({ order_id: ORDER_ID });
    const text = dialog.textContent ?? '';
    for (const value of [
      'Maya',
      'Sister',
      'Birthday',
      'Female',
      '4 Elm Road, Springfield',
      '5559876543',
      'maya@example.com',
      'Electronics',
      '$75',
      'Flowers',
      dateInWords('2026-12-24', { weekday: true }),
      'finished',
      'Priya Raman',
      'priya@example.com',
      dateInWords('2026-01-15', { year: true }),
      '12 Rose Street',
      '5551234567',
      'Priya R',
      '•••• 4242',
      '03/2029',
      '62704',
    ]) {
      expect(text).toContain(value);
    }
    expect(within(dialog).getByText('CVV').nextElementSibling).toHaveTextContent('not stored');
    expect(within(dialog).getByText('Comments').nextElementSibling).toHaveTextContent('N/A');
    // One story of the order: the timeline, with who acted and when; the status history it repeated is gone.
    expect(within(dialog).queryByRole('heading', { name: 'Status history' })).not.toBeInTheDocument();
    expect(within(dialog).getAllByRole('heading', { name: 'Timeline' })).toHaveLength(1);
    const history = within(within(dialog).getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(history.map((li) => li.querySelector('.fw-semibold')?.textContent)).toEqual([
      'Placed',
      'Moved to processed',
      'Moved to finished',
    ]);
    expect(history[0]).toHaveTextContent('by the customer');
    expect(history[1]).toHaveTextContent('by boss@example.com');
    expect(history[2]).toHaveTextContent('by chief@example.com');
    expect(history[2]).toHaveTextContent(new Date('2026-11-21T10:00:00.000Z').toLocaleString());
  });

  it('shows the phone number with the country code the customer gave, as its country writes it', async () => {
    const withCode = details('new');
    withCode.orderDetails = { ...withCode.orderDetails, phoneNumber: '2079460958', countryCode: '+44' };
    server.use(
      ordersHandler({ new: [listItem(ORDER_ID, 'Maya', '75', '2026-12-24')] }),
      mockRoute(routes.getOrderDetails, () => withCode),
    );
    const { user } = renderPage();
    const dialog = await openDialog(user);
    await waitFor(() =>
      expect(within(dialog).getByText('Phone number').nextElementSibling).toHaveTextContent(/^\+44 20 7946 0958$/),
    );
  });

  it('Close closes it, and so does Escape', async () => {
    server.use(
      ordersHandler({ new: [listItem(ORDER_ID, 'Maya', '75', '2026-12-24')] }),
      mockRoute(routes.getOrderDetails, () => details('new')),
    );
    const { user } = renderPage();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await openDialog(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Proceed moves the order, alerts "Order status updated to processed", closes and reloads the list', async () => {
    const asked: string[] = [];
    let moved: { url: string; body: unknown; token: string | null } | null = null;
    let list = [listItem(ORDER_ID, 'Maya', '75', '2026-12-24')];
    server.use(
      mockRoute(routes.getAdminOrders, ({ body }) => {
        asked.push(body.status);
        return onePage(list);
      }),
      mockRoute(routes.getOrderDetails, () => details('new')),
      mockRoute(routes.updateOrderStatus, async ({ request }) => {
        moved = {
          url: new URL(request.url).pathname,
          body: await request.json(),
          token: request.headers.get('auth-token'),
        };
        list = [];
        return { success: true, from: 'new', status: 'processed' } as const;
      }),
    );
    localStorage.setItem('authtoken_admin', 'admin-token');
    const alert = spyOnAlert();
    const { user } = renderPage();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Order status updated to processed'));
    expect(moved).toEqual({
      url: `/api/admin/updateGiftStatus/${ORDER_ID}`,
      body: { status: 'processed', from: 'new' },
      token: 'admin-token',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('No New orders found')).toBeInTheDocument();
    expect(asked).toEqual(['new', 'new']);
  });

  it.each([
    ['Finish', 'processed', 'finished'],
    ['Reject', 'processed', 'rejected'],
    ['Proceed', 'rejected', 'processed'],
  ] as const)('%s on a %s order asks for %s', async (action, status, to) => {
    let body: unknown;
    server.use(
      ordersHandler({ [status]: [listItem(ORDER_ID, 'Maya', '75', '2026-12-24')] }),
      mockRoute(routes.getOrderDetails, () => details(status)),
      mockRoute(routes.updateOrderStatus, async ({ request }) => {
        body = await request.json();
        return { success: true, from: status, status: to } as const;
      }),
    );
    const alert = spyOnAlert();
    const { user } = renderPage(`?view=${status}`);
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: action }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(`Order status updated to ${to}`));
    expect(body).toEqual({ status: to, from: status });
  });

  it('Finish sends the delivered day and note typed in the dialog; untouched, the day is left to the server', async () => {
    const bodies: unknown[] = [];
    server.use(
      ordersHandler({ processed: [listItem(ORDER_ID, 'Maya', '75', '2026-12-24')] }),
      mockRoute(routes.getOrderDetails, () => details('processed')),
      mockRoute(routes.updateOrderStatus, async ({ request }) => {
        bodies.push(await request.json());
        return { success: true, from: 'processed', status: 'finished' } as const;
      }),
    );
    spyOnAlert();
    const { user } = renderPage('?view=processed');
    const dialog = await openDialog(user);
    const day = within(dialog).getByLabelText('Delivered on');
    expect(day).toHaveAttribute('type', 'date');
    // A date input takes its value whole, as a browser's date picker gives it.
    fireEvent.change(day, { target: { value: '2026-11-20' } });
    await user.type(within(dialog).getByLabelText(/Delivery note/), '  Left with the concierge ');
    await user.click(within(dialog).getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      status: 'finished',
      from: 'processed',
      deliveredOn: '2026-11-20',
      note: 'Left with the concierge',
    });
  });

  it('Reject sends the reason typed in the dialog (kept in the history, shown to the customer); Proceed never does', async () => {
    const bodies: unknown[] = [];
    server.use(
      ordersHandler({ new: [listItem(ORDER_ID, 'Maya', '75', '2026-12-24')] }),
      mockRoute(routes.getOrderDetails, () => details('new')),
      mockRoute(routes.updateOrderStatus, async ({ request }) => {
        bodies.push(await request.json());
        return { success: true, from: 'new', status: bodies.length === 1 ? 'rejected' : 'processed' } as const;
      }),
    );
    const alert = spyOnAlert();
    const { user } = renderPage();
    let dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Reason (optional, shown to the customer)'), 'Out of stock');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Order status updated to rejected'));
    expect(bodies).toEqual([{ status: 'rejected', from: 'new', reason: 'Out of stock' }]);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Reason (optional, shown to the customer)'), 'ignored');
    await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ status: 'processed', from: 'new' });
  });

  it('disables the actions while the change is being sent', async () => {
    server.use(
      ordersHandler({ new: [listItem(ORDER_ID, 'Maya', '75', '2026-12-24')] }),
      mockRoute(routes.getOrderDetails, () => details('new')),
      mockRoute(routes.updateOrderStatus, async () => {
        await delay(100);
        return { success: true, from: 'new', status: 'rejected' } as const;
      }),
    );
    spyOnAlert();
    const { user } = renderPage();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Proceed' })).toBeDisabled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('alerts "Failed to update order status" when the server refuses, keeps the dialog open and shows why', async () => {
    let detailCalls = 0;
    server.use(
      ordersHandler({ new: [listItem(ORDER_ID, 'Maya', '75', '2026-12-24')] }),
      mockRoute(routes.getOrderDetails, () => {
        detailCalls += 1;
        return details(detailCalls === 1 ? 'new' : 'processed');
      }),
      mockRoute(routes.updateOrderStatus, () => ({
        status: 409,
        body: {
          success: false,
          error: 'Someone else changed this order meanwhile: it is now processed. Reload it and try again.',
        },
      })),
    );
    const alert = spyOnAlert();
    const { user } = renderPage();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to update order status'));
    // Beside the buttons at the foot of the long order, focused.
    const why = within(dialog).getByRole('alert');
    expect(why).toHaveTextContent(/it is now processed/);
    expect(why.closest('.modal-footer')).not.toBeNull();
    await waitFor(() => expect(why).toHaveFocus());
    // The details are fetched again, so the buttons follow the order's real status.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Finish' })).toBeInTheDocument());
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('alerts "Error updating order status" when the call fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      ordersHandler({ new: [listItem(ORDER_ID, 'Maya', '75', '2026-12-24')] }),
      mockRoute(routes.getOrderDetails, () => details('new')),
      mockRoute(routes.updateOrderStatus, () => HttpResponse.error()),
    );
    const alert = spyOnAlert();
    const { user } = renderPage();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Error updating order status'));
    expect(within(dialog).getByRole('button', { name: 'Proceed' })).toBeEnabled();
  });

  it.each([
    ['refuses', () => HttpResponse.json({ success: false, error: 'Order not found' }, { status: 404 })],
    ['cannot be reached', () => HttpResponse.error()],
  ])('alerts "Failed to fetch order details" and closes when the server %s', async (_case, answer) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      ordersHandler({ new: [listItem(ORDER_ID, 'Maya', '75', '2026-12-24')] }),
      mockRoute(routes.getOrderDetails, answer),
    );
    const alert = spyOnAlert();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: /^View Order/ }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to fetch order details'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('the calls decision 0044 gates ask for a fresh code in place, then try again', () => {
  const FRESH_CODE_WANTED = {
    status: 403,
    body: {
      success: false as const,
      error: 'Confirm it is you: enter a code from your authenticator app to do this',
      secondFactor: 'totp' as const,
    },
  };
  /** 2fa/verify accepting 246810; records every code sent. */
  const verifyHandler = (codes: string[]) =>
    mockRoute(routes.totpVerify, async ({ request }) => {
      const { code } = (await request.json()) as { code: string };
      codes.push(code);
      return { success: true };
    });

  async function confirmCode(user: ReturnType<typeof renderPage>['user']) {
    const prompt = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(within(prompt).getByLabelText('Authentication code'), '246810');
    await user.click(within(prompt).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).toBeNull());
  }

  it('the list: a first page refused for want of a code asks once, and shows the list after it (no alert)', async () => {
    const codes: string[] = [];
    let verified = false;
    server.use(
      mockRoute(routes.getAdminOrders, () =>
        verified ? onePage([listItem('a', 'Maya', '75', '2026-12-01')]) : FRESH_CODE_WANTED,
      ),
      mockRoute(routes.totpVerify, async ({ request }) => {
        codes.push(((await request.json()) as { code: string }).code);
        verified = true;
        return { success: true };
      }),
    );
    const alert = spyOnAlert();
    const { user } = renderPage();
    await confirmCode(user);
    expect(await screen.findByRole('heading', { name: 'Maya' })).toBeInTheDocument();
    expect(codes).toEqual(['246810']);
    expect(alert).not.toHaveBeenCalled();
  });

  it('Load more refused for want of a code asks for one and loads the page', async () => {
    const codes: string[] = [];
    const pages = pagedAnswer({ new: NEW_PAGES });
    server.use(
      mockRoute(routes.getAdminOrders, (request) =>
        request.body.cursor && codes.length === 0 ? FRESH_CODE_WANTED : pages(request),
      ),
      verifyHandler(codes),
    );
    const { user } = renderPage();
    expect(await screen.findByText('Ada')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await confirmCode(user);
    expect(await screen.findByText('Cleo')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Ada', 'Ben', 'Cleo', 'Dev']);
  });

  it('View Order refused for want of a code asks for one and shows the order', async () => {
    const codes: string[] = [];
    server.use(
      ordersHandler({ new: [listItem(ORDER_ID, 'Maya', '75', '2026-12-24')] }),
      mockRoute(routes.getOrderDetails, () => (codes.length ? details('new') : FRESH_CODE_WANTED)),
      verifyHandler(codes),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: /^View Order/ }));
    await confirmCode(user);
    const dialog = await screen.findByRole('dialog', { name: 'Order and User Details' });
    expect(await within(dialog).findByText('12 Rose Street')).toBeInTheDocument();
  });

  it("View Order's Reject refused for want of a code asks for one and rejects with the same reason", async () => {
    const codes: string[] = [];
    const bodies: unknown[] = [];
    server.use(
      ordersHandler({ new: [listItem(ORDER_ID, 'Maya', '75', '2026-12-24')] }),
      mockRoute(routes.getOrderDetails, () => details('new')),
      mockRoute(routes.updateOrderStatus, async ({ request }) => {
        bodies.push(await request.json());
        return codes.length ? ({ success: true, from: 'new', status: 'rejected' } as const) : FRESH_CODE_WANTED;
      }),
      verifyHandler(codes),
    );
    const alert = spyOnAlert();
    const { user } = renderPage();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Reason (optional, shown to the customer)'), 'Out of stock');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await confirmCode(user);
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Order status updated to rejected'));
    const body = { status: 'rejected', from: 'new', reason: 'Out of stock' };
    expect(bodies).toEqual([body, body]);
  });
});
