import { z } from 'zod';

import { FEEDBACK_RATINGS } from './feedbackWords';

/**
 * The gift's journey beside the spec's four statuses (docs/workflow.md): a proposal staff make and the customer
 * approves or asks to replace, the shipment, the delivery and how the gift went. Each is one to one with the order
 * and is shown on the customer's card (getgifts) and in staff's View Order; every step is also an event of the
 * order's timeline. The database writes getgifts' copy (migration gift_journey), so these are the shapes it answers.
 */

export const PROPOSAL_STATES = ['open', 'approved', 'declined', 'withdrawn'] as const;
export type ProposalState = (typeof PROPOSAL_STATES)[number];

// How the gift went: the ratings and their words live in ./feedbackWords (free of zod, for the card).
export { FEEDBACK_RATINGS, FEEDBACK_WORDS, type FeedbackRating } from './feedbackWords';

/** A price in dollars as the API answers it and accepts it back: digits, a point and two decimals ("49.00"). */
export const moneyText = z.string();

export const giftProposal = z.object({
  title: z.string(),
  description: z.string(),
  price: moneyText,
  /** Why the price is above the order's budget; only then. */
  overBudgetReason: z.string().optional(),
  /** Same-origin path of the picture, when staff uploaded one. */
  imageUrl: z.string().optional(),
  state: z.enum(PROPOSAL_STATES),
  /** What the customer wrote when they asked for something else. */
  responseNote: z.string().optional(),
  proposedAt: z.string(),
});
export type GiftProposal = z.infer<typeof giftProposal>;

export const shipment = z.object({
  carrier: z.string(),
  trackingNumber: z.string(),
  trackingUrl: z.string(),
  /** YYYY-MM-DD */
  shippedOn: z.string(),
});
export type Shipment = z.infer<typeof shipment>;

export const delivery = z.object({
  /** YYYY-MM-DD */
  deliveredOn: z.string(),
  note: z.string().optional(),
});
export type Delivery = z.infer<typeof delivery>;

export const giftFeedback = z.object({
  rating: z.enum(FEEDBACK_RATINGS),
  note: z.string().optional(),
  at: z.string(),
});
export type GiftFeedback = z.infer<typeof giftFeedback>;

/** The journey's parts an order carries, each absent until it happened. */
export const journeyShape = {
  proposal: giftProposal.optional(),
  shipment: shipment.optional(),
  delivery: delivery.optional(),
  feedback: giftFeedback.optional(),
};
