// @jsxRuntime automatic
// (tsx, which runs the dev server and the scripts, applies tsconfig.json's "jsx" only to the files it includes.)
import { EmailLayout, FooterLine, P } from '../mail/html/EmailLayout';
import { renderHtml } from '../mail/html/renderHtml';
import type { MailContent } from '../mail/mailQueue';

/**
 * The security notices of an admin's second factor, sent to the admin's address (staff mail): when one is enrolled
 * (whoever knows the password could have done it) and when an operator resets it.
 */

export const SECOND_FACTOR_ENROLLED_SUBJECT = 'A second factor was set up for your Giftwise admin account';
export const SECOND_FACTOR_RESET_SUBJECT = 'The second factor of your Giftwise admin account was reset';

const IF_NOT_YOU =
  'If it was not you, someone knows your password: ask whoever runs Giftwise at once to reset your second factor ' +
  '(npm run admin -- reset-2fa) and to set you a new password (npm run admin -- password).';
const FOOTER = 'We send this security notice whenever the second factor of your admin account changes.';

export function secondFactorEnrolledEmail({ email }: { email: string }): MailContent {
  const what =
    `An authenticator app was just set up as the second factor of your Giftwise admin account ${email}. ` +
    'From now on, signing in takes its codes; any other enrolment that was under way was ended.';
  const ifYou = 'If it was you, there is nothing to do.';
  return {
    subject: SECOND_FACTOR_ENROLLED_SUBJECT,
    text: `${what}\n\n${ifYou}\n${IF_NOT_YOU}\n`,
    html: renderHtml(
      <EmailLayout
        preview="An authenticator app was set up for your Giftwise admin account."
        heading="A second factor was set up"
        footer={<FooterLine>{FOOTER}</FooterLine>}
      >
        <P>{what}</P>
        <P>{ifYou}</P>
        <P>{IF_NOT_YOU}</P>
      </EmailLayout>,
    ),
  };
}

export function secondFactorResetEmail({ email, publicUrl }: { email: string; publicUrl: string }): MailContent {
  const signIn = `${publicUrl}/admin`;
  const what =
    `The second factor of your Giftwise admin account ${email} was reset by whoever runs Giftwise (as for a lost ` +
    'phone), and every device signed in to the account was signed out. Its recovery codes no longer work.';
  const next =
    'Sign in again soon to set up an authenticator app: until you do, your password alone opens the enrolment.';
  const ifNotYou =
    'If you did not ask for this, tell whoever runs Giftwise at once: someone may be trying to take over the account.';
  return {
    subject: SECOND_FACTOR_RESET_SUBJECT,
    text: `${what}\n\n${next}\n${signIn}\n\n${ifNotYou}\n`,
    html: renderHtml(
      <EmailLayout
        preview="The second factor of your Giftwise admin account was reset."
        heading="Your second factor was reset"
        action={{ label: 'Sign in and set it up', href: signIn }}
        footer={<FooterLine>{FOOTER}</FooterLine>}
      >
        <P>{what}</P>
        <P>{next}</P>
        <P>{ifNotYou}</P>
      </EmailLayout>,
    ),
  };
}
