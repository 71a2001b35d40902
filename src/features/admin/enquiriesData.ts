import type { EnquiryType, Note, NoteCounts } from '#contract/enquiries';
import { getNoteCounts, getNotes } from '@/api/admin';
import { answerOrNull } from '@/api/client';

import { fetchListPage, type ListPage } from './listPage';

/** Asks for the newest enquiries of `type`, or the older ones after `cursor` (fetchListPage). */
export const fetchEnquiryPage = (
  type: EnquiryType,
  cursor: string | null,
  what: string,
  signal?: AbortSignal,
): Promise<ListPage<Note>> =>
  fetchListPage(
    () => getNotes(type, cursor ?? undefined),
    (answer) => ({ items: answer.data, hasMore: answer.nextCursor != null, nextCursor: answer.nextCursor ?? null }),
    what,
    signal,
  );

/** How many enquiries each tab holds, or null when they could not be had (the tabs then show no numbers). */
export const fetchEnquiryCounts = async (): Promise<NoteCounts | null> =>
  (await answerOrNull(getNoteCounts, 'Loading request counts'))?.counts ?? null;
