import { milestoneText } from '#contract/milestones';
import type { NextDate } from '#contract/people';

/* The People screens' words: month names, a date's numbers (contract/dateWords.ts), "turns 70". Dates themselves are
   written in the customer's locale by DateInWords. */

export { dateParts, MONTHS } from '#contract/dateWords';

/** "turns 70" or "25th anniversary" (as the reminder emails say it); nothing when the year is not known. */
export const milestoneWords = (milestone: NextDate['milestone']): string | null =>
  milestone && milestoneText(milestone);

/** "On the day", "1 day before", "30 days before". */
export function reminderText(days: number): string {
  return days === 0 ? 'On the day' : `${days} day${days === 1 ? '' : 's'} before`;
}
