import { UPCOMING_DAYS_DEFAULT, UPCOMING_DAYS_MAX } from '#contract/limits';
import type { UpcomingOccurrence } from '#contract/occasions';
import { getUpcoming } from '@/api/occasions';

/** The panel lists this many days ahead; the calendar marks a whole year of occurrences. */
export const UPCOMING_PANEL_DAYS = UPCOMING_DAYS_DEFAULT;

/**
 * The coming occurrences of the customer's occasions for a year (UPCOMING_DAYS_MAX), or null when they could not be
 * loaded. `sent`: that read, already sent by the orders route.
 */
export async function loadUpcoming(sent?: Promise<Response>): Promise<UpcomingOccurrence[] | null> {
  try {
    const answer = await getUpcoming(UPCOMING_DAYS_MAX, sent);
    if (answer.success) return answer.data;
    console.error('Loading upcoming dates failed', answer.error);
  } catch (err) {
    console.error('Loading upcoming dates failed', err);
  }
  return null;
}

export { daysAwayText, occurrenceText } from '#contract/limits';
