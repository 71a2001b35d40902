// @jsxRuntime automatic
// (tsx, which runs the dev server and the scripts, applies tsconfig.json's "jsx" only to the files it includes.)
import type { Queryable } from '../../db/db';
import { emailDate } from '../mail/dates';
import { A, EmailLayout, P } from '../mail/html/EmailLayout';
import { OrderEmailsFooter, orderEmailsWhy } from '../mail/html/orderEmailsFooter';
import { renderHtml } from '../mail/html/renderHtml';
import { enqueueMail, type CustomerMailSettings, type MailContent } from '../mail/mailQueue';
import { orderCardUrl } from '../mail/siteLinks';

/** The customer's email when they place an order: what we received, and where to change or cancel it meanwhile. */

export interface OrderReceivedFacts {
  customerName: string;
  recipientName: string;
  occasion: string;
  /** The delivery date, YYYY-MM-DD. */
  date: string;
  /** Where the customer sees the order: its card (mail/siteLinks.ts). */
  orderUrl: string;
  publicUrl: string;
}

export const orderReceivedSubject = (recipientName: string) => `We have received your gift order for ${recipientName}`;

export function orderReceivedEmail(f: OrderReceivedFacts): MailContent {
  const received = `We have received your gift order for ${f.recipientName} (${f.occasion}, delivery on ${emailDate(f.date)}).`;
  const meanwhile = 'We will email you when we start on it. Until then you can change or cancel it from';
  return {
    subject: orderReceivedSubject(f.recipientName),
    text: [
      `Hello ${f.customerName},`,
      '',
      received,
      `${meanwhile} your orders page: ${f.orderUrl}`,
      '',
      orderEmailsWhy(f.publicUrl),
    ].join('\n'),
    html: renderHtml(
      <EmailLayout
        preview={received}
        heading="We have received your order"
        action={{ label: 'See your order', href: f.orderUrl }}
        footer={<OrderEmailsFooter publicUrl={f.publicUrl} />}
      >
        <P>Hello {f.customerName},</P>
        <P>{received}</P>
        <P>
          {meanwhile} <A href={f.orderUrl}>your orders page</A>.
        </P>
      </EmailLayout>,
    ),
  };
}

/**
 * Queues the email for an order just placed, in the transaction that placed it, when the customer's order emails
 * are on (the caller read that with the customer's locked row); the mail gate may still hold it back.
 */
export async function queueOrderReceivedEmail(
  tx: Queryable,
  customer: { id: string; name: string },
  order: { id: string; recipientName: string; occasion: string; date: string },
  { publicUrl, dailyLimit }: CustomerMailSettings,
): Promise<void> {
  await enqueueMail(
    tx,
    { account: customer.id, kind: 'orderStatus', dailyLimit },
    orderReceivedEmail({
      customerName: customer.name,
      recipientName: order.recipientName,
      occasion: order.occasion,
      date: order.date,
      orderUrl: orderCardUrl(publicUrl, order.id),
      publicUrl,
    }),
  );
}
