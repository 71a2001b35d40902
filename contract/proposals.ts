import { z } from 'zod';

import { storable, text } from './fields';
import { giftProposal } from './journey';
import {
  priceCents,
  PROPOSAL_DESCRIPTION_MAX,
  PROPOSAL_NOTE_MAX,
  PROPOSAL_PICTURE_MAX_BASE64,
  PROPOSAL_REASON_MAX,
  PROPOSAL_TITLE_MAX,
} from './proposalLimits';

/**
 * A gift proposal (docs/workflow.md, "The gift's journey"): staff propose a gift on a new order, the customer
 * approves it (the order moves to processed) or asks for something else. The shapes it is answered in are in
 * ./journey.ts.
 */

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** POST /api/admin/gifts/:id/proposal. The price is answered back as "49.00". */
export const proposeGiftBody = z.strictObject({
  title: storable(
    z
      .string({ error: 'Title is required' })
      .trim()
      .min(1, 'Title is required')
      .max(PROPOSAL_TITLE_MAX, `Title must be at most ${PROPOSAL_TITLE_MAX} characters`),
    'Title',
  ),
  description: text('Description', PROPOSAL_DESCRIPTION_MAX).default(''),
  /** Dollars as typed: "49.99", "49" or "$49.99"; taken as cents. */
  price: z
    .string({ error: 'Price is required' })
    .max(20, 'Price must be an amount of money, like 49.99')
    .transform((typed, ctx) => {
      const cents = priceCents(typed);
      if (cents === null) {
        ctx.addIssue({ code: 'custom', message: 'Price must be an amount of money, like 49.99' });
        return z.NEVER;
      }
      return cents;
    }),
  /** Required exactly when the price is above the order's budget (the server compares the two). */
  overBudgetReason: text('Over-budget reason', PROPOSAL_REASON_MAX).optional(),
  /**
   * The picture's file as base64, at most 2 MB of JPEG, PNG or WebP; its type is read from its content. In the
   * JSON body, so the proposal and its picture are one request and one transaction (decision 0030).
   */
  picture: z
    .string()
    .max(PROPOSAL_PICTURE_MAX_BASE64, 'Picture must be at most 2 MB')
    .regex(BASE64, 'Picture must be the file as base64 text')
    .optional(),
});
export type ProposeGiftInput = z.input<typeof proposeGiftBody>;
export type ProposeGiftBody = z.output<typeof proposeGiftBody>;

/** POST /api/gifts/:id/proposal/decline: what the customer would like instead. */
export const declineProposalBody = z.strictObject({
  note: storable(
    z
      .string({ error: 'Note is required' })
      .trim()
      .min(1, 'Note is required: tell us what to look for instead')
      .max(PROPOSAL_NOTE_MAX, `Note must be at most ${PROPOSAL_NOTE_MAX} characters`),
    'Note',
  ),
});
export type DeclineProposalInput = z.input<typeof declineProposalBody>;

/** The proposal as it stands after the call (and the order's status, which approval moves). */
export const proposalAnswer = z.object({
  success: z.literal(true),
  status: z.enum(['new', 'processed']),
  proposal: giftProposal,
});
