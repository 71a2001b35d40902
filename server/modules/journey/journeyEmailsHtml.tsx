// @jsxRuntime automatic
// (tsx, which runs the dev server and the scripts, applies tsconfig.json's "jsx" only to the files it includes.)
import { Img } from '@react-email/components';

import { isTrackingUrl } from '#contract/shippingLimits';

import { EmailLayout, P } from '../mail/html/EmailLayout';
import { OrderEmailsFooter } from '../mail/html/orderEmailsFooter';
import { renderHtml } from '../mail/html/renderHtml';
import type { DeliveredEmailFacts, ProposalEmailFacts, ShippedEmailFacts } from './journeyEmailFacts';

/** The HTML parts of the journey's emails; the sentences they share with the text come from journeyEmails.ts. */

/** The proposal's picture, when it has one, with its title as its words. */
const ProposalPicture = ({ f }: { f: ProposalEmailFacts }) =>
  f.imageUrl ? (
    <Img
      src={f.imageUrl}
      alt={f.title}
      width="240"
      style={{ maxWidth: '100%', height: 'auto', borderRadius: '6px', margin: '0 0 16px' }}
    />
  ) : null;

export const proposalEmailHtml = (f: ProposalEmailFacts, w: { found: string; overBudget?: string }) =>
  renderHtml(
    <EmailLayout
      preview={w.found}
      heading={`A gift for ${f.recipientName}`}
      action={{ label: 'Approve it, or ask for something else', href: f.orderUrl }}
      footer={<OrderEmailsFooter publicUrl={f.publicUrl} />}
    >
      <P>Hello {f.customerName},</P>
      <P>{w.found}</P>
      <ProposalPicture f={f} />
      <P>{f.description}</P>
      {w.overBudget && <P>{w.overBudget}</P>}
    </EmailLayout>,
  );

export const autoApprovedProposalEmailHtml = (f: ProposalEmailFacts, w: { chosen: string; why: string }) =>
  renderHtml(
    <EmailLayout
      preview={w.chosen}
      heading={`A gift for ${f.recipientName}, approved`}
      action={{ label: 'See your order', href: f.orderUrl }}
      footer={<OrderEmailsFooter publicUrl={f.publicUrl} />}
    >
      <P>Hello {f.customerName},</P>
      <P>{w.chosen}</P>
      <ProposalPicture f={f} />
      <P>{f.description}</P>
      <P>{w.why}</P>
    </EmailLayout>,
  );

export const shippedEmailHtml = (f: ShippedEmailFacts, w: { shipped: string }) =>
  renderHtml(
    <EmailLayout
      preview={w.shipped}
      heading={`The gift for ${f.recipientName} is on its way`}
      // Only a tracking address becomes a link, as in the text part (journeyEmails.ts).
      action={isTrackingUrl(f.trackingUrl) ? { label: 'Track it', href: f.trackingUrl } : undefined}
      footer={<OrderEmailsFooter publicUrl={f.publicUrl} />}
    >
      <P>Hello {f.customerName},</P>
      <P>{w.shipped}</P>
      <P>Tracking number: {f.trackingNumber}</P>
    </EmailLayout>,
  );

export const deliveredEmailHtml = (f: DeliveredEmailFacts, w: { delivered: string }) =>
  renderHtml(
    <EmailLayout
      preview={w.delivered}
      heading={`The gift for ${f.recipientName} was delivered`}
      action={{ label: 'Tell us how it went', href: f.feedbackUrl }}
      footer={<OrderEmailsFooter publicUrl={f.publicUrl} />}
    >
      <P>Hello {f.customerName},</P>
      <P>{w.delivered}</P>
      {f.note && <P>{f.note}</P>}
    </EmailLayout>,
  );
