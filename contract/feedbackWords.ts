/** How the gift went, as the customer says it after delivery: the ratings and their words. Free of zod, for the card. */
export const FEEDBACK_RATINGS = ['loved', 'fine', 'not_for_them'] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];
export const FEEDBACK_WORDS: Record<FeedbackRating, string> = {
  loved: 'Loved it',
  fine: 'It was fine',
  not_for_them: 'Not for them',
};
