// @jsxRuntime automatic
// (tsx, which runs the dev server and the scripts, applies tsconfig.json's "jsx" only to the files it includes.)
import { A, EmailLayout, P } from '../mail/html/EmailLayout';
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
  /** The contact page: a rejection's way forward, beside editing the order. */
  contactUrl?: string;
  /** The order's card. */
  orderUrl: string;
  publicUrl: string;
}

export const orderStatusEmailHtml = (w: OrderStatusWords) =>
  renderHtml(
    <EmailLayout
      preview={w.summary}
      heading={`Your gift order is ${w.status}`}
      action={{ label: 'See your order', href: w.orderUrl }}
      footer={<OrderEmailsFooter publicUrl={w.publicUrl} />}
    >
      <P>Hello {w.customerName},</P>
      <P>{w.summary}</P>
      {w.meaning && <P>{w.meaning}</P>}
      {w.reason && <P>Reason: {w.reason}</P>}
      {w.contactUrl && (
        <P>
          What next: <A href={w.orderUrl}>edit the order</A> to fix it, and we will look at it again, or write to us
          from <A href={w.contactUrl}>our contact page</A>.
        </P>
      )}
    </EmailLayout>,
  );
