// @jsxRuntime automatic
// (tsx, which runs the dev server and the scripts, applies tsconfig.json's "jsx" only to the files it includes.)
import { EmailLayout, P } from '../mail/html/EmailLayout';
import { OrderEmailsFooter } from '../mail/html/orderEmailsFooter';
import { renderHtml } from '../mail/html/renderHtml';

/** The status email's words, worked out once by orderStatusEmail() for both parts. */
export interface OrderStatusWords {
  status: string;
  customerName: string;
  /** "Your gift order for Mia (birthday, delivery on …) is now processed." */
  summary: string;
  meaning: string;
  reason?: string;
  whatNext?: string;
  /** The orders page, when the email points there. */
  ordersUrl?: string;
  publicUrl: string;
}

export const orderStatusEmailHtml = (w: OrderStatusWords) =>
  renderHtml(
    <EmailLayout
      preview={w.summary}
      heading={`Your gift order is ${w.status}`}
      action={w.ordersUrl ? { label: 'See your orders', href: w.ordersUrl } : undefined}
      footer={<OrderEmailsFooter publicUrl={w.publicUrl} />}
    >
      <P>Hello {w.customerName},</P>
      <P>{w.summary}</P>
      {w.meaning && <P>{w.meaning}</P>}
      {w.reason && <P>Reason: {w.reason}</P>}
      {w.whatNext && <P>What next: {w.whatNext}</P>}
    </EmailLayout>,
  );
