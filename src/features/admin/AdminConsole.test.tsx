import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse } from 'msw';
import { Outlet } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { bulkUpdateStatusBody } from '#contract/admin';
import * as routes from '#contract/routes';
import { dateInWords } from '@/lib/dateWords';
import { mockRoute } from '@/test/mockRoute';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';

import AdminHeader from './AdminHeader';
import AdminOrdersPage, { HydrateFallback, loader } from './AdminOrdersPage';

/**
 * The admin console on /adminorders (docs/admin-console.md): the views' counts in the header, the table of a
 * wide screen, search, range and sort in the address and in the request, bulk moves with their report, a
 * rejection's reason, and the CSV export. MSW answers as the server does (docs/api.md, "Admin area").
 */

type Status = 'new' | 'processed' | 'finished' | 'rejected';

const item = (id: string, recipientName: string, overrides: Record<string, unknown> = {}) => ({
  _id: id,
  recipientName,
  budget: '75',
  date: '2099-12-24',
  occasion: 'Birthday',
  status: 'new' as Status,
  customerName: 'Priya Raman',
  customerEmail: 'priya@example.com',
  statusSince: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  placedAt: '2026-11-20T09:00:00.000Z',
  ...overrides,
});

const ORDERS = [
  item('a1', 'Ada', { budget: '$49.99' }),
  item('b2', 'Ben', {
    date: '2020-01-02',
    occasion: 'Anniversary',
    customerName: 'Sam Lee',
    customerEmail: 's@example.com',
  }),
  item('c3', 'Cy'),
];

let counts = { new: 45000, processed: 12, finished: 3, rejected: 1 };
const bodies: Array<Record<string, unknown>> = [];

beforeEach(() => {
  counts = { new: 45000, processed: 12, finished: 3, rejected: 1 };
  bodies.length = 0;
  localStorage.setItem('authtoken_admin', 'admin-token');
  server.use(
    mockRoute(routes.getOrderCounts, () => ({ success: true, counts })),
    mockRoute(routes.getAdminOrders, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      const data = body.search === 'nobody' ? [] : ORDERS.filter((o) => o.status === body.status);
      return { success: true, data, page: 1, limit: 50, hasMore: false, nextCursor: null };
    }),
  );
});

/** A wide screen: matchMedia answers that `(min-width: 992px)` matches. */
function wideScreen(wide = true) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: wide && query.includes('min-width: 992px'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })),
  );
}
afterEach(() => vi.unstubAllGlobals());

/** The admin header above the orders page, as the admin layout shows them. */
function renderConsole(search = '?view=new') {
  return renderRoutes(
    [
      {
        element: (
          <>
            <AdminHeader email="boss@example.com" />
            <Outlet />
          </>
        ),
        children: [{ path: '/adminorders', Component: AdminOrdersPage, loader, HydrateFallback }],
      },
    ],
    `/adminorders${search}`,
  );
}

const views = () => screen.getByRole('list', { name: 'Admin sections' });
const rows = () =>
  within(screen.getByRole('table', { name: 'New Orders' }))
    .getAllByRole('row')
    .slice(1);

describe('the views’ counts', () => {
  it('shows each view with its live count, and none when the counts cannot be had', async () => {
    wideScreen();
    renderConsole();
    await waitFor(() =>
      expect(
        within(views())
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual(['New 45,000', 'Processed 12', 'Finished 3', 'Rejected 1', 'Requests']),
    );
  });

  it('hides the numbers (and alerts nothing) when the counts call fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    server.use(mockRoute(routes.getOrderCounts, () => HttpResponse.error()));
    renderConsole();
    expect(await screen.findByText('Ada')).toBeInTheDocument();
    expect(within(views()).getByRole('link', { name: 'New' })).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
  });
});

describe('the table of a wide screen', () => {
  it('shows recipient, customer, occasion, budget, delivery with how soon (overdue marked) and time in status', async () => {
    wideScreen();
    renderConsole();
    expect(await screen.findByRole('table', { name: 'New Orders' })).toBeInTheDocument();
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      '',
      'Recipient',
      'Customer',
      'Occasion',
      'Budget↕',
      'Delivery▲',
      'Placed↕',
      'In status for',
      'Actions',
    ]);
    const [ada, ben] = rows();
    expect(
      within(ada)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '',
      'Ada',
      'Priya Ramanpriya@example.com',
      'Birthday',
      '$49.99',
      expect.stringMatching(new RegExp(`^${dateInWords('2099-12-24', { weekday: true })}in \\d+ days$`)),
      dateInWords('2026-11-20'),
      '3 days',
      'View Order',
    ]);
    const overdue = within(ben).getAllByRole('cell')[5];
    expect(overdue).toHaveTextContent(
      new RegExp(`^${dateInWords('2020-01-02', { weekday: true })}overdue, \\d+ days ago$`),
    );
    // The delivery date in words in the customer's locale, the date itself kept in <time>.
    expect(within(ada).getByText(dateInWords('2099-12-24', { weekday: true }))).toHaveAttribute(
      'datetime',
      '2099-12-24',
    );
    expect(ada).not.toHaveTextContent('2099-12-24');
    expect(overdue).toHaveClass('text-danger');
  });

  it('phones keep the cards', async () => {
    wideScreen(false);
    renderConsole();
    expect(await screen.findByRole('list', { name: 'New Orders' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('sorts from the column headers, and the sort goes into the address and the request', async () => {
    wideScreen();
    const { user } = renderConsole();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: /^Budget/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/adminorders?view=new&sort=budget'));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ status: 'new', sort: 'budget' }));
    expect(screen.getByRole('columnheader', { name: /^Budget/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: /^Budget/ }));
    // The address changes once the loader's answer is rendered; the request alone is sent before that (CI once
    // read the header between the two).
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/adminorders?view=new&sort=-budget'));
    expect(bodies.at(-1)).toEqual({ status: 'new', sort: '-budget' });
    expect(screen.getByRole('columnheader', { name: /^Budget/ })).toHaveAttribute('aria-sort', 'descending');
  });
});

describe('search, range and sort in the address', () => {
  it('a search and a range go into the address and the request; a reload of that address shows them', async () => {
    wideScreen();
    const { user, router } = renderConsole();
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('Search orders'), 'Priya');
    await user.type(screen.getByLabelText('Delivery from'), '2026-12-01');
    await user.type(screen.getByLabelText('Delivery to'), '2026-12-31');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/adminorders?view=new&q=Priya&from=2026-12-01&to=2026-12-31',
      ),
    );
    expect(bodies.at(-1)).toEqual({ status: 'new', search: 'Priya', from: '2026-12-01', to: '2026-12-31' });

    await act(() => router.navigate('/adminorders?view=new&q=nobody&sort=-placed'));
    expect(await screen.findByText('No orders match your search.')).toBeInTheDocument();
    expect(screen.getByLabelText('Search orders')).toHaveValue('nobody');
    expect(screen.getByLabelText('Sort by')).toHaveValue('-placed');
    expect(bodies.at(-1)).toEqual({ status: 'new', search: 'nobody', sort: '-placed' });

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/adminorders?view=new&sort=-placed'));
  });

  it('a range that ends before it starts cannot be searched', async () => {
    wideScreen();
    const { user } = renderConsole();
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('Delivery from'), '2026-12-31');
    await user.type(screen.getByLabelText('Delivery to'), '2026-12-01');
    expect(screen.getByText('The end is before the start')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
  });
});

describe('bulk moves', () => {
  it('Proceed moves the selected orders at once, reports each, and reloads the list and the counts', async () => {
    wideScreen();
    const sent: unknown[] = [];
    server.use(
      mockRoute(routes.bulkUpdateStatus, async ({ request }) => {
        sent.push(await request.json());
        await delay(50);
        counts = { ...counts, new: counts.new - 1, processed: counts.processed + 1 };
        return {
          success: true,
          results: [
            { _id: 'a1', success: true },
            { _id: 'c3', success: false, error: 'Someone else changed this order meanwhile: it is now rejected.' },
          ],
        };
      }),
    );
    const { user } = renderConsole();
    await screen.findByRole('table');
    expect(screen.queryByRole('group', { name: 'Selected orders' })).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Select order for Ada'));
    await user.click(screen.getByLabelText('Select order for Cy'));
    const bar = screen.getByRole('group', { name: 'Selected orders' });
    expect(bar).toHaveTextContent('2 selected');
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Proceed', 'Reject']);
    const listsBefore = bodies.length;
    await user.click(within(bar).getByRole('button', { name: 'Proceed' }));
    expect(within(bar).getByRole('button', { name: 'Proceed' })).toBeDisabled();
    expect(await screen.findByText('Moved 1 order to processed.')).toBeInTheDocument();
    expect(screen.getByText('Cy: Someone else changed this order meanwhile: it is now rejected.')).toBeInTheDocument();
    expect(sent).toEqual([{ ids: ['a1', 'c3'], status: 'processed', from: 'new' }]);
    await waitFor(() => expect(within(views()).getByRole('link', { name: 'New 44,999' })).toBeInTheDocument());
    expect(bodies.length).toBe(listsBefore + 1);
    // A new list starts with nothing selected.
    expect(screen.queryByRole('group', { name: 'Selected orders' })).not.toBeInTheDocument();
  });

  it('Select all shown picks every row; Reject asks for a reason and sends it', async () => {
    wideScreen();
    const sent: unknown[] = [];
    server.use(
      mockRoute(routes.bulkUpdateStatus, async ({ request }) => {
        const body = (await request.json()) as { ids: string[] };
        sent.push(body);
        return { success: true, results: body.ids.map((_id) => ({ _id, success: true })) };
      }),
    );
    const { user } = renderConsole();
    await screen.findByRole('table');
    await user.click(screen.getByLabelText('Select all shown'));
    expect(screen.getByRole('group', { name: 'Selected orders' })).toHaveTextContent('3 selected');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 3 orders' });
    await user.type(within(dialog).getByLabelText('Reason (optional, shown to the customer)'), '  Out of stock ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Moved 3 orders to rejected.')).toBeInTheDocument();
    expect(sent).toEqual([{ ids: ['a1', 'b2', 'c3'], status: 'rejected', from: 'new', reason: 'Out of stock' }]);
  });

  it('names the view it was chosen in, and reports each order that left it meanwhile as refused', async () => {
    wideScreen();
    // Meanwhile another admin proceeded Ada and Cy. The handler follows the contract as the server does:
    // an order no longer in `from` is refused; without `from`, every order moves.
    const now: Record<string, Status> = { a1: 'processed', b2: 'new', c3: 'processed' };
    const sent: unknown[] = [];
    server.use(
      mockRoute(routes.bulkUpdateStatus, async ({ request }) => {
        const parsed = bulkUpdateStatusBody.safeParse(await request.json());
        if (!parsed.success) return { status: 400, body: { success: false, error: parsed.error.issues[0].message } };
        const { ids, from } = parsed.data;
        sent.push(parsed.data);
        return {
          success: true,
          results: ids.map((_id) =>
            from && now[_id] !== from
              ? {
                  _id,
                  success: false,
                  error: `Someone else changed this order meanwhile: it is now ${now[_id]}. Reload it and try again.`,
                }
              : { _id, success: true },
          ),
        };
      }),
    );
    const { user } = renderConsole();
    await screen.findByRole('table');
    await user.click(screen.getByLabelText('Select all shown'));
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 3 orders' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Moved 1 order to rejected.')).toBeInTheDocument();
    for (const name of ['Ada', 'Cy'])
      expect(
        screen.getByText(
          `${name}: Someone else changed this order meanwhile: it is now processed. Reload it and try again.`,
        ),
      ).toBeInTheDocument();
    expect(sent).toEqual([{ ids: ['a1', 'b2', 'c3'], status: 'rejected', from: 'new' }]);
  });

  it('a refusal of the whole request says so and moves nothing', async () => {
    wideScreen();
    server.use(
      mockRoute(routes.bulkUpdateStatus, () => ({
        status: 400,
        body: { success: false, error: 'ids may name at most 100 orders' },
      })),
    );
    const { user } = renderConsole();
    await screen.findByRole('table');
    await user.click(screen.getByLabelText('Select order for Ada'));
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByText('Nothing was moved: ids may name at most 100 orders')).toBeInTheDocument();
  });
});

describe('Export CSV', () => {
  it('downloads the view with its search and range, sending the admin token in the header', async () => {
    wideScreen();
    const asked: Array<{ url: string; token: string | null }> = [];
    server.use(
      mockRoute(routes.ordersCsv, ({ request }) => {
        asked.push({ url: request.url, token: request.headers.get('auth-token') });
        return new HttpResponse('Order id,Status\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="giftwise-orders-new-2026-11-25.csv"',
          },
        });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { user } = renderConsole('?view=new&q=Priya&from=2026-12-01');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toEqual(['giftwise-orders-new-2026-11-25.csv']));
    expect(asked).toHaveLength(1);
    expect(new URL(asked[0].url).search).toBe('?status=new&search=Priya&from=2026-12-01');
    expect(asked[0].token).toBe('admin-token');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('says why when the export is refused', async () => {
    wideScreen();
    server.use(
      mockRoute(routes.ordersCsv, () => ({
        status: 401,
        body: { success: false, error: 'Please sign in as an admin again' },
      })),
    );
    const { user } = renderConsole();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Export failed: Please sign in as an admin again')).toBeInTheDocument();
  });
});

describe('sensitive actions ask for a fresh code', () => {
  const FRESH_CODE_WANTED = {
    success: false as const,
    error: 'Confirm it is you: enter a code from your authenticator app to do this',
    secondFactor: 'totp' as const,
  };

  it('Export CSV refused for want of a recent code asks for one in a dialog, verifies it, then downloads', async () => {
    wideScreen();
    let exports = 0;
    const verified: unknown[] = [];
    server.use(
      mockRoute(routes.ordersCsv, () => {
        exports += 1;
        if (exports === 1) return { status: 403, body: FRESH_CODE_WANTED };
        return new HttpResponse('Order id,Status\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="giftwise-orders-new-2026-11-25.csv"',
          },
        });
      }),
      mockRoute(routes.totpVerify, async ({ request }) => {
        const body = (await request.json()) as { code: string };
        verified.push(body);
        return body.code === '246810'
          ? { success: true }
          : { status: 403, body: { ...FRESH_CODE_WANTED, error: 'That code is not valid' } };
      }),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { user } = renderConsole();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    const code = within(dialog).getByLabelText('Authentication code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('That code is not valid')).toBeInTheDocument();
    expect(clicked).toEqual([]);

    await user.clear(code);
    await user.type(code, '246810');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(clicked).toEqual(['giftwise-orders-new-2026-11-25.csv']));
    expect(verified).toEqual([{ code: '111111' }, { code: '246810' }]);
    expect(exports).toBe(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a cancelled dialog leaves the export refused, with the reason', async () => {
    wideScreen();
    server.use(mockRoute(routes.ordersCsv, () => ({ status: 403, body: FRESH_CODE_WANTED })));
    const { user } = renderConsole();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(`Export failed: ${FRESH_CODE_WANTED.error}`)).toBeInTheDocument();
  });

  it('a bulk Reject refused for want of a recent code asks for one, then rejects with the same reason', async () => {
    wideScreen();
    const sent: unknown[] = [];
    let verified = false;
    server.use(
      mockRoute(routes.bulkUpdateStatus, async ({ request }) => {
        const body = (await request.json()) as { ids: string[] };
        sent.push(body);
        if (!verified) return { status: 403, body: FRESH_CODE_WANTED };
        return { success: true, results: body.ids.map((_id) => ({ _id, success: true })) };
      }),
      mockRoute(routes.totpVerify, () => {
        verified = true;
        return { success: true };
      }),
    );
    const { user } = renderConsole();
    await screen.findByRole('table');
    await user.click(screen.getByLabelText('Select all shown'));
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const reject = await screen.findByRole('dialog', { name: 'Reject 3 orders' });
    await user.type(within(reject).getByLabelText('Reason (optional, shown to the customer)'), 'Out of stock');
    await user.click(within(reject).getByRole('button', { name: 'Reject' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.click(within(confirm).getByRole('button', { name: 'Use a recovery code' }));
    await user.type(within(confirm).getByLabelText('Recovery code'), 'abcde-fghjk-mnpqr');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Moved 3 orders to rejected.')).toBeInTheDocument();
    const body = { ids: ['a1', 'b2', 'c3'], status: 'rejected', from: 'new', reason: 'Out of stock' };
    expect(sent).toEqual([body, body]);
  });
});
