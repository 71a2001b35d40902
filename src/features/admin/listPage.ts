import { MESSAGES } from '#contract/messages';
import { sendWithCode, wantsSecondFactor } from '@/api/admin';
import { isSuccess, refusalReason, type ApiAnswer, type Succeeded } from '@/api/client';
import type { Page } from '@/hooks/usePagedList';
import { describeError } from '@/lib/errors';

/**
 * One page of an admin list, or why it could not be had: the reason to show and the alert the spec has for it,
 * 'Failed to fetch orders' for a refusal and 'Error fetching orders' for a request that got no answer (both lists
 * say so). Who shows the alert decides when: a screen for the load it shows, Load more as its answer comes.
 */
export type ListPage<T> = ({ ok: true } & Page<T>) | { ok: false; error: string; alert: string; wantsCode: boolean };

/**
 * Asks for a page with `call`, read by `toPage`. A request that got no answer is logged as `what` failed, unless
 * `signal` is aborted: the admin moved on and nothing waits for it. A refusal for want of a recent code (decision
 * 0044) is marked `wantsCode`; with `confirm` (a Load more, on a screen that can ask) the code is asked for at once
 * and the page asked for again.
 */
export async function fetchListPage<A extends ApiAnswer, T>(
  call: () => Promise<A>,
  toPage: (answer: Succeeded<A>) => Page<T>,
  what: string,
  signal?: AbortSignal,
  confirm?: () => Promise<boolean>,
): Promise<ListPage<T>> {
  try {
    const answer = confirm ? await sendWithCode(call, confirm) : await call();
    if (isSuccess(answer)) return { ok: true, ...toPage(answer) };
    return {
      ok: false,
      error: refusalReason(answer) ?? MESSAGES.failedToFetchOrders,
      alert: MESSAGES.failedToFetchOrders,
      wantsCode: wantsSecondFactor(answer),
    };
  } catch (err) {
    if (!signal?.aborted) console.error(`${what} failed`, err);
    return { ok: false, error: describeError(err), alert: MESSAGES.errorFetchingOrders, wantsCode: false };
  }
}
