import { z } from 'zod';

import { requiredText } from './fields';
import { FEEDBACK_WORDS, type FeedbackRating } from './journey';
import { capitalise } from './orderStatus';

/**
 * An order's timeline (docs/workflow.md): its status moves (order_status_events) and the journey's other steps
 * (order_events), oldest first. The customer reads it on the order's card; staff read it in View Order with who
 * acted. The words of every step, for both, are written here and nowhere else; the server sends them ready to show.
 */

/** Who acted on a step: the customer, someone on staff, or the system (a standing setting, an erasure). */
export const ACTORS = ['customer', 'staff', 'system'] as const;
export type Actor = (typeof ACTORS)[number];

/** The journey's steps that are not status moves (order_events.kind). */
export const JOURNEY_EVENT_KINDS = [
  'proposed',
  'approved',
  'asked_for_another',
  'withdrawn',
  'shipped',
  'delivered',
  'rated',
] as const;
export type JourneyEventKind = (typeof JOURNEY_EVENT_KINDS)[number];

/**
 * What order_events.detail holds for each kind, as the code recording a step writes it: the words need it. A key a
 * step lacks only leaves it out of the words. `note` is always what the actor wrote in their own words: on the
 * customer's steps it is erased with their account (docs/privacy.md).
 */
export interface JourneyEventDetail {
  /** proposed: the gift's title and price ("49.00"). */
  title?: string;
  price?: string;
  /** shipped: the carrier, tracking number and the day it shipped (YYYY-MM-DD, the step's day). */
  carrier?: string;
  trackingNumber?: string;
  shippedOn?: string;
  /** delivered: the day it was delivered (YYYY-MM-DD, the step's day). */
  deliveredOn?: string;
  /** rated: how it went. */
  rating?: FeedbackRating;
  /** asked_for_another and rated: the customer's line; delivered: staff's delivery note. */
  note?: string;
}

/** A timeline step's kind: the order being placed, the status it moved to, or a journey event. */
export const TIMELINE_KINDS = ['placed', 'processed', 'finished', 'rejected', ...JOURNEY_EVENT_KINDS] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** One step as the server reads it, before it is put in words. */
export interface TimelineFacts {
  kind: TimelineKind;
  actor: Actor;
  /** A status move's reason (a rejection's is the customer's to see). */
  reason: string | null;
  detail: JourneyEventDetail | null;
}

const said = (words: string, note: string | undefined) => (note ? `${words}: ${note}` : words);

/** The step as the customer reads it: never who on staff acted, never a reason staff kept for themselves. */
export function customerStepWords(step: TimelineFacts): string {
  const d = step.detail ?? {};
  switch (step.kind) {
    case 'placed':
      return 'Placed';
    case 'processed':
    case 'finished':
      return capitalise(step.kind);
    case 'rejected':
      return said('Rejected', step.reason ?? undefined);
    case 'proposed':
      return d.title && d.price ? `Gift proposed: ${d.title}, $${d.price}` : 'Gift proposed';
    case 'approved':
      return step.actor === 'system' ? 'Gift approved automatically (your setting)' : 'You approved the gift';
    case 'asked_for_another':
      return said('You asked for something else', d.note);
    case 'withdrawn':
      // The customer's edit withdraws it; so does staff's moving the order on before it was answered (or an erasure).
      return step.actor === 'customer' ? 'Proposal withdrawn when the order was edited' : 'We withdrew the proposal';
    case 'shipped':
      return d.carrier ? `Shipped with ${d.carrier}` : 'Shipped';
    case 'delivered':
      return 'Delivered';
    case 'rated':
      return said(`You said: ${d.rating ? FEEDBACK_WORDS[d.rating] : 'how it went'}`, d.note);
  }
}

/** The step as staff read it: every move's reason, the tracking number, the customer's words. */
export function staffStepWords(step: TimelineFacts): string {
  const d = step.detail ?? {};
  switch (step.kind) {
    case 'processed':
    case 'finished':
    case 'rejected':
      return said(`Moved to ${step.kind}`, step.reason ?? undefined);
    case 'approved':
      return 'Gift approved';
    case 'asked_for_another':
      return said('Asked for something else', d.note);
    case 'withdrawn':
      return {
        customer: 'Proposal withdrawn: the customer edited the order',
        staff: 'Proposal withdrawn: staff moved the order on',
        system: 'Proposal withdrawn: the customer erased their account',
      }[step.actor];
    case 'shipped':
      return d.carrier ? `Shipped with ${d.carrier}${d.trackingNumber ? ` (${d.trackingNumber})` : ''}` : 'Shipped';
    case 'delivered':
      return said('Delivered', d.note);
    case 'rated':
      return said(`Rated: ${d.rating ? FEEDBACK_WORDS[d.rating] : 'no rating'}`, d.note);
    default:
      return customerStepWords(step);
  }
}

/** Who acted when no one did: a standing setting, an erasure. */
export const AUTOMATICALLY = 'automatically';

/** Who acted, as staff read it: the admin's email, or who else. */
export function actorWords(actor: Actor, adminEmail: string | null): string {
  if (actor === 'customer') return 'the customer';
  if (actor === 'system') return AUTOMATICALLY;
  return adminEmail ?? 'a removed admin';
}

/** GET /api/gifts/:id/timeline → one step of the customer's timeline. */
export const customerTimelineStep = z.object({
  kind: z.enum(TIMELINE_KINDS),
  /** ISO 8601: when it was recorded. */
  at: z.string(),
  /** YYYY-MM-DD: the day it happened, in the customer's time zone (a shipment's or delivery's own day). */
  day: z.string(),
  words: z.string(),
});
export type CustomerTimelineStep = z.infer<typeof customerTimelineStep>;

export const customerTimelineAnswer = z.object({ success: z.literal(true), steps: z.array(customerTimelineStep) });

/** getOrderDetails → timeline[]: the same step as staff see it, with who acted. */
export const staffTimelineStep = customerTimelineStep.extend({
  /** The admin's email, "the customer", "automatically" or "a removed admin". */
  by: z.string(),
});
export type StaffTimelineStep = z.infer<typeof staffTimelineStep>;

/** The most characters of a staff note. */
export const ORDER_NOTE_MAX = 2000;

/** getOrderDetails → notes[], and the note addOrderNote answers: staff's internal note, never shown to the customer. */
export const orderNote = z.object({
  _id: z.string(),
  body: z.string(),
  /** The author's email; "a removed admin" once their account is gone. */
  by: z.string(),
  /** ISO 8601 */
  at: z.string(),
});
export type OrderNote = z.infer<typeof orderNote>;

/** POST /api/admin/orders/:id/notes */
export const orderNoteBody = z.strictObject({ body: requiredText('body', ORDER_NOTE_MAX) });
export type OrderNoteBody = z.input<typeof orderNoteBody>;

/** POST /api/admin/orders/:id/notes → the note as stored. */
export const addOrderNoteAnswer = z.object({ success: z.literal(true), note: orderNote });
