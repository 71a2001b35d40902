import { daysAwayText, occurrenceText } from '#contract/limits';

import { longDate } from '../mail/dates';
import type { MailContent } from '../mail/mailQueue';

export interface ReminderEmailFacts {
  customerName: string;
  recipientName: string;
  occasion: string;
  occasionId: string;
  /** The occurrence, YYYY-MM-DD. */
  date: string;
  /** Days from the customer's today to the date: the reminder's own number, or fewer when it was sent late. */
  daysAway: number;
  publicUrl: string;
  /** This email's own unsubscribe link (mail/unsubscribeLinks.ts). */
  unsubscribeUrl: string;
}

/**
 * A reminder email: who, which occasion, the date, a link that opens the filled Add Order dialog, and a
 * one-click unsubscribe (RFC 8058: List-Unsubscribe with List-Unsubscribe-Post) that needs no sign-in.
 */
export function reminderEmail(f: ReminderEmailFacts): MailContent {
  const orderLink = `${f.publicUrl}/orders?occasion=${encodeURIComponent(f.occasionId)}&date=${f.date}`;
  const unsubscribe = f.unsubscribeUrl;
  return {
    subject: `Reminder: ${occurrenceText(f)} is ${daysAwayText(f.daysAway)}`,
    text: [
      `Hello ${f.customerName},`,
      '',
      `${occurrenceText(f)} is ${daysAwayText(f.daysAway)}, on ${longDate(f.date)} (${f.date}).`,
      '',
      `Order a gift, with the form already filled in: ${orderLink}`,
      '',
      'You get this email because you asked Giftwise to remind you of this date.',
      `Stop reminder emails: ${unsubscribe}`,
    ].join('\n'),
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
