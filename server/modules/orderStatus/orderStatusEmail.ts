import { sql } from 'kysely';

import type { OrderStatus } from '#contract/orderStatus';

import type { Queryable } from '../../db/db';
import { qb, rowsOf } from '../../db/queryBuilder';
import { emailDate } from '../mail/dates';
import { orderEmailsWhy } from '../mail/html/orderEmailsFooter';
import { enqueueMail, type CustomerMailSettings, type MailContent } from '../mail/mailQueue';
import { contactUrl, orderCardUrl } from '../mail/siteLinks';
import { orderStatusEmailHtml } from './orderStatusEmailHtml';

/** The customer's email when staff move an order: what it is, where it stands now, and what the customer can do. */

export interface OrderStatusFacts {
  customerName: string;
  recipientName: string;
  occasion: string;
  /** The delivery date, YYYY-MM-DD. */
  date: string;
  status: OrderStatus;
  reason?: string;
  /** Where the customer sees the order: its card (mail/siteLinks.ts). */
  orderUrl: string;
  publicUrl: string;
}

const WHAT_IT_MEANS: Partial<Record<OrderStatus, string>> = {
  processed: 'We have started on it, so it can no longer be changed or deleted.',
  finished: 'It is complete. Thank you for ordering with Giftwise.',
  rejected: 'We cannot go ahead with it as it is.',
};

export function orderStatusEmail(f: OrderStatusFacts): MailContent {
  const summary = `Your gift order for ${f.recipientName} (${f.occasion}, delivery on ${emailDate(f.date)}) is now ${f.status}.`;
  const meaning = WHAT_IT_MEANS[f.status] ?? '';
  const rejected = f.status === 'rejected';
  const contact = contactUrl(f.publicUrl);
  const lines = [`Hello ${f.customerName},`, '', summary, meaning];
  if (rejected) {
    if (f.reason) lines.push('', `Reason: ${f.reason}`);
    // The card's words point at its page's footer (MESSAGES.rejectedWhatNext); an email has none, so it links both ways.
    lines.push(
      '',
      `What next: edit the order to fix it, and we will look at it again: ${f.orderUrl}`,
      `Or write to us from our contact page: ${contact}`,
    );
  } else {
    lines.push(`See your order: ${f.orderUrl}`);
  }
  lines.push('', orderEmailsWhy(f.publicUrl));
  return {
    subject: `Your gift order for ${f.recipientName} is ${f.status}`,
    text: lines.join('\n'),
    html: orderStatusEmailHtml({
      status: f.status,
      customerName: f.customerName,
      summary,
      meaning,
      ...(rejected && { reason: f.reason, contactUrl: contact }),
      orderUrl: f.orderUrl,
      publicUrl: f.publicUrl,
    }),
  };
}

/**
 * Queues the email for a move just made, in the same transaction (so a move and its email stand or fall
 * together), unless the customer turned order emails off; the mail gate may still hold it back (an unverified
 * address, the day's budget spent).
 */
export async function queueOrderStatusEmail(
  tx: Queryable,
  orderId: string,
  move: { status: OrderStatus; reason?: string },
  { publicUrl, dailyLimit }: CustomerMailSettings,
): Promise<void> {
  const [row] = await rowsOf(
    tx,
    qb
      .selectFrom('gift_orders as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .select([
        'u.id as user_id',
        'u.name',
        'u.order_emails',
        'o.recipient_name',
        'o.occasion',
        sql<string>`o.date::text`.as('date'),
      ])
      .where('o.id', '=', orderId),
  );
  if (!row?.order_emails) return;
  await enqueueMail(
    tx,
    { account: row.user_id, kind: 'orderStatus', dailyLimit },
    orderStatusEmail({
      customerName: row.name,
      recipientName: row.recipient_name,
      occasion: row.occasion,
      date: row.date,
      status: move.status,
      reason: move.reason,
      orderUrl: orderCardUrl(publicUrl, orderId),
      publicUrl,
    }),
  );
}
