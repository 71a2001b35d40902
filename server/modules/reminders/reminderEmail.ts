import { addDays } from '#contract/calendarDates';
import { daysAwayText, occurrenceText } from '#contract/limits';
import { milestoneText, type Milestone } from '#contract/milestones';

import { emailDate } from '../mail/dates';
import type { MailContent } from '../mail/mailQueue';
import { unsubscribeHeaders } from '../mail/unsubscribeLinks';
import { reminderEmailHtml } from './reminderEmailHtml';

/** An idea typed over several lines, as one item of the list. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The most gift ideas a reminder lists (the person's oldest not yet used). */
export const REMINDER_IDEAS_MAX = 5;

export interface ReminderEmailFacts {
  customerName: string;
  personId: string;
  personName: string;
  occasion: string;
  /** The date's id (its occasions row). */
  dateId: string;
  /** The occurrence, YYYY-MM-DD. */
  date: string;
  /** Days from the customer's today to the date: the reminder's own number, or fewer when it was sent late. */
  daysAway: number;
  /**
   * The last day to order the person's default option in time (YYYY-MM-DD) and why ("Flowers need 2 days"), or
   * null when the run has no lead times.
   */
  orderBy: { day: string; why: string } | null;
  /** The age turned or the anniversary's number, when the year is known (contract/milestones.ts). */
  milestone: Milestone | null;
  /** The person's gift ideas not yet used, at most REMINDER_IDEAS_MAX. */
  giftIdeas: readonly string[];
  publicUrl: string;
  /** This email's own unsubscribe link (mail/unsubscribeLinks.ts). */
  unsubscribeUrl: string;
}

/**
 * The SPA's address that opens Add Order filled from the person, dated on this occurrence (after sign-in if
 * needed): the person's page with `order` (the date's id) and `date`.
 */
export const orderFromReminderUrl = (f: Pick<ReminderEmailFacts, 'publicUrl' | 'personId' | 'dateId' | 'date'>) =>
  `${f.publicUrl}/people/${encodeURIComponent(f.personId)}?order=${encodeURIComponent(f.dateId)}&date=${f.date}`;

/**
 * "Subject: Reminder: a date is coming up in 7 days", or on the order-by day "Reminder: order today for a date in 2
 * days": nothing the customer typed, so no name in mail logs.
 */
export function reminderSubject(daysAway: number, orderByToday = false): string {
  if (daysAway === 0) return 'Reminder: a date is today';
  return orderByToday
    ? `Reminder: order today for a date ${daysAwayText(daysAway)}`
    : `Reminder: a date is coming up ${daysAwayText(daysAway)}`;
}

/** The order-by line: by when to order, from the reminder's today (the occurrence less the days away). */
function orderByLine({ day, why }: NonNullable<ReminderEmailFacts['orderBy']>, today: string): string {
  if (day > today) return `Order by ${emailDate(day, today)}. ${why}.`;
  if (day === today) return `Today is the last day to order in time. ${why}.`;
  return `The last day to order in time was ${emailDate(day, today)}. ${why}.`;
}

/**
 * A reminder email: who, which occasion, the date in words, the age or anniversary, the person's gift ideas, a
 * link that opens the filled Add Order dialog, and a one-click unsubscribe (RFC 8058: List-Unsubscribe with
 * List-Unsubscribe-Post) that needs no sign-in.
 */
export function reminderEmail(f: ReminderEmailFacts): MailContent {
  const unsubscribe = f.unsubscribeUrl;
  const what = occurrenceText({ recipientName: f.personName, occasion: f.occasion });
  const today = addDays(f.date, -f.daysAway);
  const when = `${what} is ${daysAwayText(f.daysAway)}, on ${emailDate(f.date, today)}.`;
  const orderBy = f.orderBy ? orderByLine(f.orderBy, today) : null;
  const milestone = f.milestone
    ? f.milestone.kind === 'age'
      ? `${f.personName} ${milestoneText(f.milestone)}.`
      : `It is the ${milestoneText(f.milestone)}.`
    : null;
  const ideas = f.giftIdeas.map(oneLine);
  const orderUrl = orderFromReminderUrl(f);
  const lines = [`Hello ${f.customerName},`, '', when];
  if (orderBy) lines.push(orderBy);
  if (milestone) lines.push(milestone);
  if (ideas.length > 0) {
    lines.push('', `Your gift ideas for ${f.personName}:`, ...ideas.map((idea) => `- ${idea}`));
  }
  lines.push(
    '',
    `Order a gift for ${f.personName}, with the form already filled in: ${orderUrl}`,
    '',
    'You get this email because you asked Giftwise to remind you of this date.',
    `Stop reminder emails: ${unsubscribe}`,
  );
  return {
    subject: reminderSubject(f.daysAway, f.orderBy?.day === today),
    text: lines.join('\n'),
    html: reminderEmailHtml({
      customerName: f.customerName,
      personName: f.personName,
      occurrence: what,
      when,
      orderBy,
      milestone,
      ideas,
      orderUrl,
      unsubscribeUrl: unsubscribe,
    }),
    headers: unsubscribeHeaders(unsubscribe),
  };
}
