import { useEffect, useRef, useState } from 'react';

import type { AdminOrderListItem } from '#contract/admin';
import type { OrderQuery } from '@/api/admin';

import { appendPage, fetchOrdersPage } from './ordersData';

/** The first page, as the route's loader brought it. */
export interface FirstPage {
  orders: AdminOrderListItem[];
  hasMore: boolean;
  nextCursor: string | null;
}

interface Paged {
  /** The first page this list grew from: a new load (view switch, reload) starts the list again. */
  first: FirstPage;
  orders: AdminOrderListItem[];
  /** How many pages are shown, whether the server has another after them, and where it starts. */
  page: number;
  hasMore: boolean;
  nextCursor: string | null;
}

const start = (first: FirstPage): Paged => ({
  first,
  orders: first.orders,
  page: 1,
  hasMore: first.hasMore,
  nextCursor: first.nextCursor,
});

/**
 * "Load more": appends the next page of the orders `query` selects to the loaded first page while there is
 * one. An answer for a list that has since been loaded again is dropped. When the last page arrives
 * (and the button goes away) focus moves to the first order it brought.
 */
export function useOrderPages(query: OrderQuery, first: FirstPage) {
  const [paged, setPaged] = useState<Paged>(() => start(first));
  /** The next page on its way (for which list), and why the last attempt failed. */
  const [more, setMore] = useState<{ first: FirstPage; busy: boolean; error?: string } | null>(null);
  const focusOrder = useRef<string | null>(null);
  /** Aborted when the list is loaded again, so a late answer neither alerts nor lands. */
  const pending = useRef<AbortController | null>(null);
  useEffect(() => () => pending.current?.abort(), [first]);

  const list = paged.first === first ? paged : start(first);
  const moreState = more?.first === first ? more : null;

  useEffect(() => {
    if (!focusOrder.current) return;
    document.querySelector<HTMLElement>(`[data-order-id="${CSS.escape(focusOrder.current)}"]`)?.focus();
    focusOrder.current = null;
  }, [paged]);

  const loadMore = async () => {
    if (moreState?.busy) return;
    const next = list.page + 1;
    setMore({ first, busy: true });
    const controller = new AbortController();
    pending.current = controller;
    const answer = await fetchOrdersPage(query, list.nextCursor ?? undefined, 'Loading more orders', controller.signal);
    if (controller.signal.aborted) return;
    if (!answer.ok) {
      setMore({ first, busy: false, error: answer.error });
      return;
    }
    const firstNew = answer.orders.find((o) => !list.orders.some((shown) => shown._id === o._id));
    if (!answer.hasMore && firstNew) focusOrder.current = firstNew._id;
    setPaged({
      first,
      orders: appendPage(list.orders, answer.orders),
      page: next,
      hasMore: answer.hasMore,
      nextCursor: answer.nextCursor,
    });
    setMore(null);
  };

  return {
    orders: list.orders,
    page: list.page,
    hasMore: list.hasMore,
    busy: moreState?.busy === true,
    error: moreState?.error,
    loadMore,
  };
}
