import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { CustomerOrder } from '#contract/orders';
import type { OrderStatus } from '#contract/orderStatus';
import { serveOrdersPage } from '@/test/ordersBackend';
import { renderAppRoute } from '@/test/renderAppRoute';

import { isoDateFromNow, orderFixture } from '../../../tests/support/fixtures';

/** An order with a distinct id (its number in the last 12 digits) and the given status and recipient. */
function order(n: number, status: OrderStatus, recipientName: string): CustomerOrder {
  return orderFixture({
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    status,
    recipientName,
    date: isoDateFromNow(10 + (n % 200)),
    ...(status === 'rejected' ? { statusReason: 'Out of stock' } : {}),
  });
}

const MIXED = [
  order(1, 'new', 'Maya Chen'),
  order(2, 'processed', 'Jordan Lee'),
  order(3, 'finished', 'Zoë Park'),
  order(4, 'finished', 'Mia Stone'),
  order(5, 'rejected', 'Omar Haddad'),
];

let store: CustomerOrder[];

beforeAll(() => import('./OrdersPage'));

beforeEach(() => {
  store = MIXED;
  localStorage.setItem('authtoken', 'customer-token');
  serveOrdersPage(() => store);
});

const cards = () => screen.queryAllByTestId('order-card');
const recipients = () => cards().map((c) => within(c).getByRole('heading').textContent);
const tab = (name: RegExp) => screen.getByRole('tab', { name });

describe('Orders: views', () => {
  it('offers All, In progress, Delivered and Rejected with counts; each shows its orders under its heading', async () => {
    const { user } = renderAppRoute('/orders');
    await screen.findByText('Gift for Maya Chen');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'All 5',
      'In progress 2',
      'Delivered 2',
      'Rejected 1',
    ]);
    expect(tab(/^All/)).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'All your orders (5)' })).toBeInTheDocument();

    await user.click(tab(/^In progress/));
    expect(screen.getByRole('heading', { name: 'Orders in progress (2)' })).toBeInTheDocument();
    expect(recipients()).toEqual(['Gift for Maya Chen', 'Gift for Jordan Lee']);
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName(/^In progress/);

    await user.click(tab(/^Delivered/));
    expect(screen.getByRole('heading', { name: 'Delivered orders (2)' })).toBeInTheDocument();
    expect(recipients()).toEqual(['Gift for Zoë Park', 'Gift for Mia Stone']);

    await user.click(tab(/^Rejected/));
    expect(recipients()).toEqual(['Gift for Omar Haddad']);
    expect(screen.getByText('Rejected: Out of stock')).toBeInTheDocument();

    // All Orders shows every order again.
    await user.click(screen.getByRole('button', { name: 'All Orders' }));
    await waitFor(() => expect(cards()).toHaveLength(5));
    expect(tab(/^All/)).toHaveAttribute('aria-selected', 'true');
  });

  it('moves between views with the arrow keys, Home and End; only the chosen tab is in the Tab order', async () => {
    const { user } = renderAppRoute('/orders');
    await screen.findByText('Gift for Maya Chen');
    act(() => tab(/^All/).focus());
    expect(screen.getAllByRole('tab').filter((t) => t.tabIndex === 0)).toEqual([tab(/^All/)]);

    await user.keyboard('{ArrowRight}');
    expect(tab(/^In progress/)).toHaveFocus();
    expect(tab(/^In progress/)).toHaveAttribute('aria-selected', 'true');
    expect(cards()).toHaveLength(2);
    await user.keyboard('{End}');
    expect(tab(/^Rejected/)).toHaveFocus();
    expect(recipients()).toEqual(['Gift for Omar Haddad']);
    await user.keyboard('{ArrowRight}');
    expect(tab(/^All/)).toHaveFocus();
    await user.keyboard('{ArrowLeft}{Home}');
    expect(tab(/^All/)).toHaveAttribute('aria-selected', 'true');
  });

  it('says so in words when a view holds no order', async () => {
    store = [order(1, 'new', 'Maya Chen')];
    const { user } = renderAppRoute('/orders');
    await screen.findByText('Gift for Maya Chen');
    await user.click(tab(/^Delivered/));
    expect(screen.getByRole('heading', { name: 'Delivered orders (0)' })).toBeInTheDocument();
    expect(
      screen.getByText('No order has been delivered yet. Orders we have delivered show here.'),
    ).toBeInTheDocument();
    expect(cards()).toHaveLength(0);
    await user.click(tab(/^Rejected/));
    expect(screen.getByText('No order has been rejected.')).toBeInTheDocument();
  });

  it('a calendar day shows all its orders whatever the view, and choosing a view leaves the day', async () => {
    // Day 10 of the month the calendar opens on.
    const now = new Date();
    const date = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-10`;
    const label = new Date(now.getFullYear(), now.getMonth(), 10).toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    });
    store = [
      { ...order(1, 'new', 'Maya Chen'), date },
      { ...order(2, 'finished', 'Ada Day'), date },
    ];
    const { user } = renderAppRoute('/orders');
    await screen.findByText('Gift for Maya Chen');
    await user.click(tab(/^Delivered/));
    expect(recipients()).toEqual(['Gift for Ada Day']);
    await user.click(screen.getByRole('button', { name: new RegExp(`^${label}`) }));
    expect(await screen.findByRole('heading', { name: `Orders for ${date}` })).toBeInTheDocument();
    expect(recipients()).toEqual(['Gift for Maya Chen', 'Gift for Ada Day']);
    expect(tab(/^All/)).toHaveAttribute('aria-selected', 'true');

    await user.click(tab(/^In progress/));
    expect(screen.getByRole('heading', { name: 'Orders in progress (1)' })).toBeInTheDocument();
    expect(recipients()).toEqual(['Gift for Maya Chen']);
  });
});

describe('Orders: search by recipient', () => {
  it('filters as the customer types, ignoring case and accents, within the chosen view', async () => {
    const { user } = renderAppRoute('/orders');
    await screen.findByText('Gift for Maya Chen');
    const search = screen.getByRole('searchbox', { name: 'Search by recipient' });

    await user.type(search, 'MI');
    await waitFor(() => expect(recipients()).toEqual(['Gift for Mia Stone']));
    expect(screen.getByRole('status')).toHaveTextContent('1 of 5 match “MI”.');

    await user.clear(search);
    await user.type(search, 'zoe');
    await waitFor(() => expect(recipients()).toEqual(['Gift for Zoë Park']));

    // Within a view: Zoë's order is delivered, so In progress has no match, and says so.
    await user.click(tab(/^In progress/));
    expect(await screen.findByText('No recipient here matches “zoe”.')).toBeInTheDocument();
    expect(cards()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(search).toHaveValue('');
    await waitFor(() => expect(recipients()).toEqual(['Gift for Maya Chen', 'Gift for Jordan Lee']));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});

/**
 * jsdom lays nothing out: give each row of cards a height, and let window.scrollTo move the page and tell
 * the listeners, as a browser would.
 */
function layOutRows(rowHeight: number) {
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('orders-row') ? rowHeight : 0;
  });
  // The page is as tall as the list says it is (its height is set from the rows).
  vi.spyOn(document.documentElement, 'scrollHeight', 'get').mockImplementation(
    () => parseFloat(document.querySelector<HTMLElement>('.orders-list')?.style.height ?? '0') || 0,
  );
  let scrollY = 0;
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
  vi.spyOn(window, 'scrollTo').mockImplementation(((options: ScrollToOptions) => {
    scrollY = options.top ?? scrollY;
    window.dispatchEvent(new Event('scroll'));
  }) as typeof window.scrollTo);
  return (to: number) =>
    act(() => {
      window.scrollTo({ top: to });
    });
}

const THOUSAND = Array.from({ length: 1000 }, (_, i) =>
  order(i + 1, i % 3 === 0 ? 'finished' : 'new', `Recipient ${i + 1}`),
);

describe('Orders: a long list', () => {
  it('draws only the cards near the screen, and the others as the page scrolls', async () => {
    const scrollTo = layOutRows(600);
    store = THOUSAND;
    renderAppRoute('/orders');
    await screen.findByText('Gift for Recipient 1');
    expect(screen.getByRole('heading', { name: 'All your orders (1000)' })).toBeInTheDocument();
    // One card to a row here (jsdom matches no min-width): 768 px of screen and two rows beyond.
    expect(cards().length).toBeGreaterThan(0);
    expect(cards().length).toBeLessThanOrEqual(5);
    expect(document.querySelector('.orders-list')).toHaveStyle({ height: '600000px' });

    scrollTo(500 * 600);
    await waitFor(() => expect(screen.getByText('Gift for Recipient 501')).toBeInTheDocument());
    expect(screen.queryByText('Gift for Recipient 1')).not.toBeInTheDocument();
    expect(cards().length).toBeLessThanOrEqual(6);
  });

  it('scrolls without asking the screen width again or re-rendering for every scroll event', async () => {
    const scrollTo = layOutRows(600);
    store = THOUSAND;
    renderAppRoute('/orders');
    await screen.findByText('Gift for Recipient 1');
    const asked = vi.spyOn(window, 'matchMedia');
    // Thirty scroll events, a tenth of a row apart: the list follows them (the rows move to Recipient 4's)...
    for (let step = 1; step <= 30; step++) await scrollTo(step * 60);
    await waitFor(() => expect(screen.getByText('Gift for Recipient 4')).toBeInTheDocument());
    // ...with the one media query list it made: no new one per render, and none made and dropped per scroll.
    expect(asked).not.toHaveBeenCalled();
  });

  it('a link to /orders?order=<id> scrolls to that card far down the list and focuses it', async () => {
    layOutRows(600);
    store = THOUSAND;
    const target = THOUSAND[876];
    renderAppRoute(`/orders?order=${target._id}&feedback=1`);
    const card = await screen.findByRole('article', { name: 'Gift for Recipient 877' });
    await waitFor(() => expect(card).toHaveFocus());
    // Its row's top, less the 16 px kept above it.
    expect(window.scrollY).toBe(876 * 600 - 16);
    expect(card).toHaveAttribute('tabindex', '-1');
    expect(screen.getByTestId('location')).toHaveTextContent(`?order=${target._id}&feedback=1`);
  });

  it('a link followed in the app switches to the view that holds the order and drops a search that hides it', async () => {
    const { user, router } = renderAppRoute('/orders');
    await screen.findByText('Gift for Maya Chen');
    await user.click(tab(/^Delivered/));
    await user.type(screen.getByRole('searchbox', { name: 'Search by recipient' }), 'zo');
    await waitFor(() => expect(recipients()).toEqual(['Gift for Zoë Park']));

    await act(() => router.navigate(`/orders?order=${MIXED[4]._id}`));
    const card = await screen.findByRole('article', { name: 'Gift for Omar Haddad' });
    expect(tab(/^Rejected/)).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('searchbox', { name: 'Search by recipient' })).toHaveValue('');
    await waitFor(() => expect(card).toHaveFocus());
  });

  it('a link to an order that is not in the list says so and shows the list as usual', async () => {
    const { user } = renderAppRoute('/orders?order=00000000-0000-4000-8000-999999999999');
    expect(
      await screen.findByText('The order you followed a link to is not in your list: it may have been deleted.'),
    ).toBeInTheDocument();
    expect(cards()).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Close alert' }));
    expect(screen.queryByText(/followed a link/)).not.toBeInTheDocument();
  });
});
