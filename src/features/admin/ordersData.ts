import type { AdminOrderListItem, OrderCounts } from '#contract/admin';
import { getAdminOrders, getOrderCounts, type OrderQuery } from '@/api/admin';
import { answerOrNull } from '@/api/client';

import { fetchListPage, type ListPage } from './listPage';

/** One page of a view's orders, or why it could not be had and the alert for it. */
export type OrdersPage = ListPage<AdminOrderListItem>;

/** Asks for the first page of the orders `query` selects, or the one after `cursor` (fetchListPage). */
export const fetchOrdersPage = (
  query: OrderQuery,
  cursor: string | null,
  what: string,
  signal?: AbortSignal,
  confirm?: () => Promise<boolean>,
): Promise<OrdersPage> =>
  fetchListPage(
    () => getAdminOrders(query, cursor ?? undefined),
    (answer) => ({ items: answer.data, hasMore: answer.hasMore === true, nextCursor: answer.nextCursor ?? null }),
    what,
    signal,
    confirm,
  );

/** The four counts for the view switch, or null when they could not be had (the list still shows; no alert). */
export const fetchOrderCounts = async (): Promise<OrderCounts | null> =>
  (await answerOrNull(getOrderCounts, 'Loading order counts'))?.counts ?? null;
