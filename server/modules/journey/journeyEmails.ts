import type { MailContent } from '../mail/mailQueue';

/**
 * The customer's emails for the steps of an order's journey (contract/journey.ts). The code that records a step
 * builds the facts and queues the email in the same transaction (kind 'orderJourney' in mail/mailQueue.ts, only
 * when the customer's order emails are on).
 */

interface OrderFacts {
  customerName: string;
  recipientName: string;
  occasion: string;
  /** The delivery date, YYYY-MM-DD. */
  date: string;
  /** Where the customer sees the order: `${publicUrl}/orders?order=<id>`. */
  orderUrl: string;
  publicUrl: string;
}

export interface ProposalEmailFacts extends OrderFacts {
  title: string;
  description: string;
  /** "49.00" */
  price: string;
  overBudgetReason?: string;
  /** Absolute address of the picture, when there is one. */
  imageUrl?: string;
}

export interface ShippedEmailFacts extends OrderFacts {
  carrier: string;
  trackingNumber: string;
  trackingUrl: string;
  /** YYYY-MM-DD */
  shippedOn: string;
}

export interface DeliveredEmailFacts extends OrderFacts {
  /** YYYY-MM-DD */
  deliveredOn: string;
  note?: string;
  /** Where the customer says how the gift went. */
  feedbackUrl: string;
}

const footer = (f: OrderFacts) =>
  `You get this email because order emails are on in your profile: ${f.publicUrl}/profile`;

// Plain text for now; the emails' shared layout (HTML with a text alternative) replaces these bodies.
export function proposalEmail(f: ProposalEmailFacts): MailContent {
  const lines = [
    `Hello ${f.customerName},`,
    '',
    `We have found a gift for ${f.recipientName} (${f.occasion}): ${f.title}, $${f.price}.`,
    f.description,
    ...(f.overBudgetReason ? [`It is above your budget because: ${f.overBudgetReason}`] : []),
    '',
    `Approve it, or ask for something else: ${f.orderUrl}`,
    '',
    footer(f),
  ];
  return { subject: `A gift for ${f.recipientName}: please approve`, text: lines.join('\n') };
}

export function shippedEmail(f: ShippedEmailFacts): MailContent {
  const lines = [
    `Hello ${f.customerName},`,
    '',
    `The gift for ${f.recipientName} (${f.occasion}) shipped on ${f.shippedOn} with ${f.carrier}.`,
    `Tracking number: ${f.trackingNumber}`,
    `Track it: ${f.trackingUrl}`,
    '',
    footer(f),
  ];
  return { subject: `The gift for ${f.recipientName} is on its way`, text: lines.join('\n') };
}

export function deliveredEmail(f: DeliveredEmailFacts): MailContent {
  const lines = [
    `Hello ${f.customerName},`,
    '',
    `The gift for ${f.recipientName} (${f.occasion}) was delivered on ${f.deliveredOn}.`,
    ...(f.note ? [f.note] : []),
    '',
    `Tell us how it went: ${f.feedbackUrl}`,
    '',
    footer(f),
  ];
  return { subject: `The gift for ${f.recipientName} was delivered`, text: lines.join('\n') };
}
