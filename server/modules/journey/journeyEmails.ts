import { isTrackingUrl } from '#contract/shippingLimits';

import { emailDate } from '../mail/dates';
import { orderEmailsWhy } from '../mail/html/orderEmailsFooter';
import type { MailContent } from '../mail/mailQueue';
import type { DeliveredEmailFacts, ProposalEmailFacts, ShippedEmailFacts } from './journeyEmailFacts';
import {
  autoApprovedProposalEmailHtml,
  deliveredEmailHtml,
  proposalEmailHtml,
  shippedEmailHtml,
} from './journeyEmailsHtml';

/**
 * The customer's emails for the steps of an order's journey (contract/journey.ts). The code that records a step
 * builds the facts and queues the email in the same transaction (kind 'orderJourney' in mail/mailQueue.ts, only
 * when the customer's order emails are on). Each answers both parts, rendered once here (journeyEmailsHtml.tsx).
 */

export type { DeliveredEmailFacts, OrderFacts, ProposalEmailFacts, ShippedEmailFacts } from './journeyEmailFacts';

export function proposalEmail(f: ProposalEmailFacts): MailContent {
  const found = `We have found a gift for ${f.recipientName} (${f.occasion}, delivery on ${emailDate(f.date)}): ${f.title}, $${f.price}.`;
  const overBudget = f.overBudgetReason ? `It is above your budget because: ${f.overBudgetReason}` : undefined;
  const lines = [
    `Hello ${f.customerName},`,
    '',
    found,
    f.description,
    ...(overBudget ? [overBudget] : []),
    '',
    `Approve it, or ask for something else: ${f.orderUrl}`,
    '',
    orderEmailsWhy(f.publicUrl),
  ];
  return {
    subject: `A gift for ${f.recipientName}: please approve`,
    text: lines.join('\n'),
    html: proposalEmailHtml(f, { found, overBudget }),
  };
}

/**
 * A proposal the customer's standing setting approved as it was made: nothing to answer, so it names the gift, its
 * price and why it went ahead, in place of the proposal email (the "processed" status email would not name it).
 */
export function autoApprovedProposalEmail(f: ProposalEmailFacts): MailContent {
  const chosen = `We have chosen a gift for ${f.recipientName} (${f.occasion}, delivery on ${emailDate(f.date)}): ${f.title}, $${f.price}.`;
  const why =
    'It is within your budget, so it was approved automatically, as your profile asks, and we are preparing it.';
  const lines = [
    `Hello ${f.customerName},`,
    '',
    chosen,
    f.description,
    why,
    '',
    `See your order: ${f.orderUrl}`,
    '',
    orderEmailsWhy(f.publicUrl),
  ];
  return {
    subject: `We chose a gift for ${f.recipientName}: ${f.title}`,
    text: lines.join('\n'),
    html: autoApprovedProposalEmailHtml(f, { chosen, why }),
  };
}

export function shippedEmail(f: ShippedEmailFacts): MailContent {
  const shipped = `The gift for ${f.recipientName} (${f.occasion}) shipped on ${emailDate(f.shippedOn)}, with ${f.carrier}.`;
  const lines = [
    `Hello ${f.customerName},`,
    '',
    shipped,
    `Tracking number: ${f.trackingNumber}`,
    // The one rule of what may be a link (the shipment's, kept here too: the email outlives the check), for both parts.
    ...(isTrackingUrl(f.trackingUrl) ? [`Track it: ${f.trackingUrl}`] : []),
    '',
    orderEmailsWhy(f.publicUrl),
  ];
  return {
    subject: `The gift for ${f.recipientName} is on its way`,
    text: lines.join('\n'),
    html: shippedEmailHtml(f, { shipped }),
  };
}

export function deliveredEmail(f: DeliveredEmailFacts): MailContent {
  const delivered = `The gift for ${f.recipientName} (${f.occasion}) was delivered on ${emailDate(f.deliveredOn)}.`;
  const lines = [
    `Hello ${f.customerName},`,
    '',
    delivered,
    ...(f.note ? [f.note] : []),
    '',
    `Tell us how it went: ${f.feedbackUrl}`,
    '',
    orderEmailsWhy(f.publicUrl),
  ];
  return {
    subject: `The gift for ${f.recipientName} was delivered`,
    text: lines.join('\n'),
    html: deliveredEmailHtml(f, { delivered }),
  };
}
