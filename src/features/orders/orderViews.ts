import type { Order } from '#contract/orders';
import type { OrderStatus } from '#contract/orderStatus';

/** The customer's views of their list: every order, or those at one stage of the journey. */
export type OrderView = 'all' | 'inProgress' | 'delivered' | 'rejected';

interface ViewDefinition {
  view: OrderView;
  /** The tab's name. */
  label: string;
  /** The statuses it holds (all four for 'all'). */
  statuses: ReadonlySet<OrderStatus>;
  /** The results heading with this view chosen, given its count. */
  heading: (count: number) => string;
  /** What to say when the view holds no order (the customer has some in other views). */
  empty: string;
}

export const ORDER_VIEWS: readonly ViewDefinition[] = [
  {
    view: 'all',
    label: 'All',
    statuses: new Set(['new', 'processed', 'finished', 'rejected']),
    heading: (n) => `All your orders (${n})`,
    empty: '',
  },
  {
    view: 'inProgress',
    label: 'In progress',
    statuses: new Set(['new', 'processed']),
    heading: (n) => `Orders in progress (${n})`,
    empty: 'No order is in progress right now. Press Order + to send a gift.',
  },
  {
    view: 'delivered',
    label: 'Delivered',
    statuses: new Set(['finished']),
    heading: (n) => `Delivered orders (${n})`,
    empty: 'No order has been delivered yet. Orders we have delivered show here.',
  },
  {
    view: 'rejected',
    label: 'Rejected',
    statuses: new Set(['rejected']),
    heading: (n) => `Rejected orders (${n})`,
    empty: 'No order has been rejected.',
  },
];

export function viewDefinition(view: OrderView): ViewDefinition {
  return ORDER_VIEWS.find((v) => v.view === view) ?? ORDER_VIEWS[0];
}

export function viewHolds(view: OrderView, order: Order): boolean {
  return viewDefinition(view).statuses.has(order.status);
}

/** The one view (other than All) an order's status puts it in. */
export function viewOf(order: Order): OrderView {
  return ORDER_VIEWS.find((v) => v.view !== 'all' && v.statuses.has(order.status))?.view ?? 'all';
}

/** Text folded for a forgiving match: case and accents ignored ("zoe" finds "Zoë"), spaces trimmed. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase()
    .trim();
}

/** Whether the recipient's name contains the folded query (an empty query matches every order). */
export function recipientMatches(order: Order, foldedQuery: string): boolean {
  return foldedQuery === '' || foldForSearch(order.recipientName).includes(foldedQuery);
}

/** How many of `orders` each view holds. */
export function countByView(orders: readonly Order[]): Record<OrderView, number> {
  const counts: Record<OrderView, number> = { all: 0, inProgress: 0, delivered: 0, rejected: 0 };
  for (const order of orders) {
    counts.all += 1;
    counts[viewOf(order)] += 1;
  }
  return counts;
}
