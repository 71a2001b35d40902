import type { AdminOrderListItem, OrderCounts } from '#contract/admin';
import { MESSAGES } from '#contract/messages';
import { getOrderCounts, getOrders, type OrderQuery } from '@/api/admin';
import { answerOrNull } from '@/api/client';
import type { PageAnswer } from '@/hooks/usePagedList';
import { describeError } from '@/lib/errors';
import { notify } from '@/lib/notify';

/** One page of a view's orders, or why it could not be had (the alert was shown already). */
export type OrdersPage = PageAnswer<AdminOrderListItem>;

/**
 * Asks for the first page of the orders `query` selects, or the one after `cursor`. A refusal alerts 'Failed to fetch orders', a request
 * that got no answer 'Error fetching orders' (and is logged as `what` failed); no alert for a load
 * the page no longer waits for (`signal` aborted: the admin moved on).
 */
export async function fetchOrdersPage(
  query: OrderQuery,
  cursor: string | undefined,
  what: string,
  signal?: AbortSignal,
): Promise<OrdersPage> {
  try {
    const answer = await getOrders(query, cursor);
    if (answer.success) {
      return { ok: true, items: answer.data, hasMore: answer.hasMore === true, nextCursor: answer.nextCursor ?? null };
    }
    if (!signal?.aborted) notify(MESSAGES.failedToFetchOrders);
    return { ok: false, error: answer.error ?? MESSAGES.failedToFetchOrders };
  } catch (err) {
    if (!signal?.aborted) {
      console.error(`${what} failed`, err);
      notify(MESSAGES.errorFetchingOrders);
    }
    return { ok: false, error: describeError(err) };
  }
}

/** The four counts for the view switch, or null when they could not be had (the list still shows; no alert). */
export const fetchOrderCounts = async (): Promise<OrderCounts | null> =>
  (await answerOrNull(getOrderCounts, 'Loading order counts'))?.counts ?? null;
