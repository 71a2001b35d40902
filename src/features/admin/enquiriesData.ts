import type { EnquiryType, Note, NoteCounts } from '#contract/enquiries';
import { MESSAGES } from '#contract/messages';
import { getNoteCounts, getNotes } from '@/api/admin';
import { answerOrNull } from '@/api/client';
import type { PageAnswer } from '@/hooks/usePagedList';
import { describeError } from '@/lib/errors';
import { notify } from '@/lib/notify';

/**
 * Asks for the newest enquiries of `type`, or the older ones after `cursor`. A request that got no answer is logged
 * as `what` failed. With `alertUnless`, a failure also alerts as the spec says ('Failed to fetch orders' for a
 * refusal, 'Error fetching orders' for no answer), and neither logs nor alerts once that signal is aborted (the
 * admin moved on).
 */
export async function fetchEnquiryPage(
  type: EnquiryType,
  cursor: string | null,
  what: string,
  alertUnless?: AbortSignal,
): Promise<PageAnswer<Note>> {
  const alerts = alertUnless !== undefined;
  try {
    const answer = await getNotes(type, cursor ?? undefined);
    if (answer.success) {
      const nextCursor = answer.nextCursor ?? null;
      return { ok: true, items: answer.data, hasMore: nextCursor !== null, nextCursor };
    }
    if (alerts && !alertUnless.aborted) notify(MESSAGES.failedToFetchOrders);
    return { ok: false, error: answer.error ?? MESSAGES.failedToFetchOrders };
  } catch (err) {
    if (!alertUnless?.aborted) {
      console.error(`${what} failed`, err);
      if (alerts) notify(MESSAGES.errorFetchingOrders);
    }
    return { ok: false, error: describeError(err) };
  }
}

/** How many enquiries each tab holds, or null when they could not be had (the tabs then show no numbers). */
export const fetchEnquiryCounts = async (): Promise<NoteCounts | null> =>
  (await answerOrNull(getNoteCounts, 'Loading request counts'))?.counts ?? null;
