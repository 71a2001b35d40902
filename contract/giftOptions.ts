/**
 * The gift order's fixed choices, free of zod so that the orders screen importing them stays small.
 * gifts.ts re-exports them next to the schemas that enforce them.
 */

/** Suggested values, in words a person uses; occasion and interests stay free text. */
export const OCCASION_EXAMPLES = ['Christmas', 'Birthday', 'Anniversary'] as const;
export const INTEREST_EXAMPLES = ['Electronics', 'Personalised gifts', 'Branded goods'] as const;
export const GENDERS = ['Male', 'Female', 'Other'] as const;
export const DEFAULT_OPTIONS = ['None', 'Flowers', 'Chocolate', 'Cake', 'Giftcard'] as const;
export type DefaultOption = (typeof DEFAULT_OPTIONS)[number];

/** Seven gift pictures, /gifts/gift-1.svg … gift-7.svg. */
export const GIFT_IMAGE_COUNT = 7;
