// @jsxRuntime automatic
// (tsx, which runs the dev server and the scripts, applies tsconfig.json's "jsx" only to the files it includes.)
import { A, EmailLayout, FooterLine, List, P } from '../mail/html/EmailLayout';
import { renderHtml } from '../mail/html/renderHtml';

/** The reminder's words, worked out once by reminderEmail() for both parts of the email. */
export interface ReminderWords {
  customerName: string;
  personName: string;
  /** "Mia's birthday": the heading. */
  occurrence: string;
  /** "Mia's birthday is in 7 days, on Friday, December 4." */
  when: string;
  /** By when to order in time, when the person's gift option has a lead time. */
  orderBy: string | null;
  /** The age or anniversary line, when there is one. */
  milestone: string | null;
  ideas: readonly string[];
  orderUrl: string;
  unsubscribeUrl: string;
}

export const reminderEmailHtml = (w: ReminderWords) =>
  renderHtml(
    <EmailLayout
      preview={w.when}
      heading={w.occurrence}
      action={{ label: `Order a gift for ${w.personName}`, href: w.orderUrl }}
      footer={
        <>
          <FooterLine>You get this email because you asked Giftwise to remind you of this date.</FooterLine>
          <FooterLine>
            <A href={w.unsubscribeUrl}>Stop reminder emails</A>
          </FooterLine>
        </>
      }
    >
      <P>Hello {w.customerName},</P>
      <P>{w.when}</P>
      {w.orderBy && <P>{w.orderBy}</P>}
      {w.milestone && <P>{w.milestone}</P>}
      {w.ideas.length > 0 && (
        <>
          <P>Your gift ideas for {w.personName}:</P>
          <List items={w.ideas} />
        </>
      )}
      <P>When you order from this email, the form opens already filled in for {w.personName}.</P>
    </EmailLayout>,
  );
