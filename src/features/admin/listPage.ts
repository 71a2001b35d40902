import { MESSAGES } from '#contract/messages';
import type { Page } from '@/hooks/usePagedList';
import { describeError } from '@/lib/errors';

/**
 * One page of an admin list, or why it could not be had: the reason to show and the alert the spec has for it,
 * 'Failed to fetch orders' for a refusal and 'Error fetching orders' for a request that got no answer (both lists
 * say so). Who shows the alert decides when: a screen for the load it shows, Load more as its answer comes.
 */
export type ListPage<T> = ({ ok: true } & Page<T>) | { ok: false; error: string; alert: string };

/**
 * Asks for a page with `call`, read by `toPage`. A request that got no answer is logged as `what` failed, unless
 * `signal` is aborted: the admin moved on and nothing waits for it.
 */
export async function fetchListPage<A extends object, T>(
  call: () => Promise<({ success: true } & A) | { success: false; error?: string }>,
  toPage: (answer: { success: true } & A) => Page<T>,
  what: string,
  signal?: AbortSignal,
): Promise<ListPage<T>> {
  try {
    const answer = await call();
    if (answer.success) return { ok: true, ...toPage(answer) };
    return { ok: false, error: answer.error ?? MESSAGES.failedToFetchOrders, alert: MESSAGES.failedToFetchOrders };
  } catch (err) {
    if (!signal?.aborted) console.error(`${what} failed`, err);
    return { ok: false, error: describeError(err), alert: MESSAGES.errorFetchingOrders };
  }
}
