import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { AdminOrderListItem } from '#contract/admin';
import * as routes from '#contract/routes';
import { dateInWords } from '@/lib/dateWords';
import { mockRoute } from '@/test/mockRoute';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';

import AdminOrdersPage, { HydrateFallback, loader } from '../AdminOrdersPage';

/**
 * The gift's journey in the admin's order list: the Rejected view's reason column, the gift and tracking columns
 * staff switch on (remembered), tracking linked only when https, and the same facts on a phone's cards.
 */

const item = (id: string, recipientName: string, more: Partial<AdminOrderListItem> = {}): AdminOrderListItem => ({
  _id: id,
  recipientName,
  budget: '75',
  date: '2099-12-24',
  occasion: 'Birthday',
  status: 'finished',
  customerName: 'Priya Raman',
  customerEmail: 'priya@example.com',
  statusSince: '2026-11-20T09:00:00.000Z',
  placedAt: '2026-11-20T09:00:00.000Z',
  ...more,
});

const REJECTED = [
  item('r1', 'Ada', { status: 'rejected', statusReason: 'No courier goes to that island' }),
  item('r2', 'Ben', { status: 'rejected' }),
];
const FINISHED = [
  item('f1', 'Cy', {
    proposal: { title: 'Blue tea set', price: '45.99', state: 'approved' },
    shipment: {
      carrier: 'DHL',
      trackingNumber: 'JD0001',
      trackingUrl: 'https://dhl.example/t/JD0001',
      shippedOn: '2026-11-20',
    },
    deliveredOn: '2026-11-22',
  }),
  item('f2', 'Dee', {
    proposal: { title: 'Scarf', price: '30.00', state: 'open' },
    shipment: { carrier: 'Post', trackingNumber: 'P77', trackingUrl: 'javascript:alert(1)', shippedOn: '2026-11-21' },
  }),
  item('f3', 'Eve'),
];

beforeEach(() => {
  localStorage.setItem('authtoken_admin', 'admin-token');
  localStorage.removeItem('giftwise.admin.listJourney');
  server.use(
    mockRoute(routes.getOrderCounts, () => ({
      success: true,
      counts: { new: 0, processed: 0, finished: 3, rejected: 2 },
    })),
    mockRoute(routes.getAdminOrders, ({ body }) => ({
      success: true,
      data: body.status === 'rejected' ? REJECTED : body.status === 'finished' ? FINISHED : [],
      page: 1,
      limit: 50,
      hasMore: false,
      nextCursor: null,
    })),
  );
});

function screenWidth(wide: boolean) {
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

const renderPage = (view: string) =>
  renderRoutes(
    [{ path: '/adminorders', Component: AdminOrdersPage, loader, HydrateFallback }],
    `/adminorders?view=${view}`,
  );

/** The table's cells under a column, by its header's text. */
function column(table: HTMLElement, header: string): string[] {
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
  const index = headers.findIndex((h) => h === header);
  expect(index, `${header} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[index].textContent ?? '');
}

describe('the Rejected view', () => {
  it('shows each order’s reason in its own column ("none given" when there is none)', async () => {
    screenWidth(true);
    renderPage('rejected');
    const table = await screen.findByRole('table', { name: 'Rejected Orders' });
    expect(column(table, 'Reason')).toEqual(['No courier goes to that island', 'none given']);
  });

  it('has no reason column in another view', async () => {
    screenWidth(true);
    renderPage('finished');
    const table = await screen.findByRole('table', { name: 'Finished Orders' });
    expect(within(table).queryByRole('columnheader', { name: 'Reason' })).not.toBeInTheDocument();
  });
});

describe('the gift and tracking columns', () => {
  it('are hidden at first; the switch shows the proposal’s title, price and state and the tracking, and is remembered', async () => {
    screenWidth(true);
    const { user, unmount } = renderPage('finished');
    const table = await screen.findByRole('table', { name: 'Finished Orders' });
    expect(within(table).queryByRole('columnheader', { name: 'Gift' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Show gift and tracking' }));
    expect(column(table, 'Gift')).toEqual(['Blue tea set, $45.99approved', 'Scarf, $30.00awaiting the customer', '—']);
    expect(column(table, 'Tracking')).toEqual([
      `DHL JD0001 (tracking, opens in a new tab)delivered ${dateInWords('2026-11-22')}`,
      `Post P77shipped ${dateInWords('2026-11-21')}`,
      '—',
    ]);
    // Only an https address is a link; anything else is shown as text.
    const links = within(table).getAllByRole('link', { name: /tracking/ });
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://dhl.example/t/JD0001');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(table).getByText('Post P77')).not.toHaveAttribute('href');

    unmount();
    renderPage('finished');
    const again = await screen.findByRole('table', { name: 'Finished Orders' });
    expect(screen.getByRole('switch', { name: 'Show gift and tracking' })).toBeChecked();
    expect(column(again, 'Gift')[0]).toBe('Blue tea set, $45.99approved');
  });
});

describe('a phone’s cards', () => {
  it('show the reason, the gift and the tracking when an order has them', async () => {
    screenWidth(false);
    renderPage('finished');
    const cards = within(await screen.findByRole('list', { name: 'Finished Orders' })).getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('GiftBlue tea set, $45.99approved');
    expect(within(cards[0]).getByRole('link', { name: /DHL JD0001/ })).toHaveAttribute(
      'href',
      'https://dhl.example/t/JD0001',
    );
    expect(cards[1]).toHaveTextContent(`TrackingPost P77shipped ${dateInWords('2026-11-21')}`);
    expect(within(cards[1]).queryByRole('link', { name: /P77/ })).not.toBeInTheDocument();
    expect(cards[2]).not.toHaveTextContent('Gift');
    expect(cards[2]).not.toHaveTextContent('Tracking');
  });

  it('show the rejection’s reason in the Rejected view', async () => {
    screenWidth(false);
    renderPage('rejected');
    const cards = within(await screen.findByRole('list', { name: 'Rejected Orders' })).getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('ReasonNo courier goes to that island');
    expect(cards[1]).not.toHaveTextContent('Reason');
  });
});
