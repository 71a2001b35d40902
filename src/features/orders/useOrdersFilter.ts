import { useCallback, useDeferredValue, useMemo, useState } from 'react';

import type { Order } from '#contract/orders';

import { countByView, foldForSearch, recipientMatches, viewHolds, type OrderView } from './orderViews';

/**
 * What the list shows: a calendar day's orders (the spec's day filter) or one view's, narrowed by the search
 * by recipient. The search runs on a deferred copy of what is typed, so typing stays quick with 1,000 orders.
 */
export function useOrdersFilter(orders: Order[], dayOrders: Order[] | null) {
  const [view, setView] = useState<OrderView>('all');
  const [query, setQuery] = useState('');
  const folded = foldForSearch(useDeferredValue(query));

  const counts = useMemo(() => countByView(orders), [orders]);
  const inView = useMemo(
    () => dayOrders ?? (view === 'all' ? orders : orders.filter((o) => viewHolds(view, o))),
    [orders, dayOrders, view],
  );
  const visible = useMemo(
    () => (folded ? inView.filter((o) => recipientMatches(o, folded)) : inView),
    [inView, folded],
  );
  const matches = useCallback((order: Order) => recipientMatches(order, folded), [folded]);
  return { view, setView, query, setQuery, searching: folded !== '', matches, counts, inView, visible };
}
