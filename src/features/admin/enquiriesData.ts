import type { Enquiry, EnquiryCounts, EnquiryType } from '#contract/enquiries';
import { getEnquiries, getEnquiryCounts } from '@/api/admin';
import { answerOrNull } from '@/api/client';

import { fetchListPage, type ListPage } from './listPage';

/** Asks for the newest enquiries of `type`, or the older ones after `cursor` (fetchListPage). */
export const fetchEnquiryPage = (
  type: EnquiryType,
  cursor: string | null,
  what: string,
  signal?: AbortSignal,
  confirm?: () => Promise<boolean>,
): Promise<ListPage<Enquiry>> =>
  fetchListPage(
    () => getEnquiries(type, cursor ?? undefined),
    (answer) => ({ items: answer.data, hasMore: answer.nextCursor != null, nextCursor: answer.nextCursor ?? null }),
    what,
    signal,
    confirm,
  );

/** How many enquiries each tab holds, or null when they could not be had (the tabs then show no numbers). */
export const fetchEnquiryCounts = async (): Promise<EnquiryCounts | null> =>
  (await answerOrNull(getEnquiryCounts, 'Loading request counts'))?.counts ?? null;
