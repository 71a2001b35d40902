// @jsxRuntime automatic
// (tsx, which runs the dev server and the scripts, applies tsconfig.json's "jsx" only to the files it includes.)
import { RESET_LINK_MINUTES } from '#contract/fields';

import { A, EmailLayout, FooterLine, P } from '../mail/html/EmailLayout';
import { renderHtml } from '../mail/html/renderHtml';
import type { MailContent } from '../mail/mailQueue';
import { newPasswordUrl } from '../mail/siteLinks';
import { unsubscribeHeaders } from '../mail/unsubscribeLinks';

/** The account's own emails: the verification link, a password reset, and the security notices. */

export const VERIFICATION_SUBJECT = 'Confirm your email address for Giftwise';

const NOT_YOU_SIGN_UP = 'If you did not sign up for Giftwise, ignore this email: nothing more will be sent to you.';

export function verificationEmail({ url, linkHours }: { url: string; linkHours: number }): MailContent {
  const expiry = `The link works once and expires in ${linkHours} hours.`;
  const until = 'Until you confirm, we send you no reminders or order emails.';
  return {
    subject: VERIFICATION_SUBJECT,
    text: [
      'Please confirm that this is the email address of your Giftwise account:',
      '',
      url,
      '',
      `${expiry} ${until}`,
      NOT_YOU_SIGN_UP,
    ].join('\n'),
    html: renderHtml(
      <EmailLayout
        preview="Confirm that this is the email address of your Giftwise account."
        heading="Confirm your email address"
        action={{ label: 'Confirm my email address', href: url, showAddress: true }}
        footer={<FooterLine>{NOT_YOU_SIGN_UP}</FooterLine>}
      >
        <P>Please confirm that this is the email address of your Giftwise account.</P>
        <P>
          {expiry} {until}
        </P>
      </EmailLayout>,
    ),
  };
}

const NOT_YOU_RESET = 'If you did not ask for this, ignore this email: your password stays as it is.';

export function passwordResetEmail({ url }: { url: string }): MailContent {
  const asked = 'Someone asked to reset the password of your Giftwise account.';
  const expiry = `The link works once and expires in ${RESET_LINK_MINUTES} minutes.`;
  return {
    subject: 'Reset your Giftwise password',
    text: [asked, '', `Set a new password here: ${url}`, '', expiry, NOT_YOU_RESET].join('\n'),
    html: renderHtml(
      <EmailLayout
        preview={asked}
        heading="Reset your password"
        action={{ label: 'Set a new password', href: url, showAddress: true }}
        footer={<FooterLine>{NOT_YOU_RESET}</FooterLine>}
      >
        <P>{asked}</P>
        <P>{expiry}</P>
      </EmailLayout>,
    ),
  };
}

export function remindersOnAgainEmail({
  name,
  unsubscribeUrl,
  publicUrl,
}: {
  name: string;
  unsubscribeUrl: string;
  publicUrl: string;
}): MailContent {
  const newPassword = newPasswordUrl(publicUrl, 'customer');
  return {
    subject: 'Giftwise reminder emails are on again',
    text: [
      `Hello ${name},`,
      '',
      'Reminder emails for this address were turned on again from your Giftwise account, after they had been',
      'turned off from an email link.',
      '',
      `If this was not you, stop reminder emails: ${unsubscribeUrl}`,
      `Then set a new password, as someone may know yours: ${newPassword}`,
    ].join('\n'),
    headers: unsubscribeHeaders(unsubscribeUrl),
    html: renderHtml(
      <EmailLayout
        preview="Reminder emails for this address were turned on again."
        heading="Reminder emails are on again"
        action={{ label: 'Stop reminder emails', href: unsubscribeUrl }}
        footer={
          <FooterLine>
            You get this notice because reminder emails for this address were turned on again.{' '}
            <A href={unsubscribeUrl}>Stop reminder emails</A>
          </FooterLine>
        }
      >
        <P>Hello {name},</P>
        <P>
          Reminder emails for this address were turned on again from your Giftwise account, after they had been turned
          off from an email link.
        </P>
        <P>
          If this was not you, <A href={unsubscribeUrl}>stop reminder emails</A>, then{' '}
          <A href={newPassword}>set a new password</A>, as someone may know yours.
        </P>
      </EmailLayout>,
    ),
  };
}

export function signInFailuresEmail({
  accountKind,
  email,
  failures,
  maxDelaySeconds,
  publicUrl,
}: {
  accountKind: 'customer' | 'admin';
  email: string;
  failures: number;
  maxDelaySeconds: number;
  publicUrl: string;
}): MailContent {
  const newPassword = newPasswordUrl(publicUrl, accountKind);
  // The count takes every wrong password (signing in, or confirming a change when signed in) and an admin's codes.
  const wrong = accountKind === 'admin' ? 'password or code' : 'password';
  const what =
    `Someone typed a wrong ${wrong} for your Giftwise ${accountKind === 'admin' ? 'admin ' : ''}account ${email} ` +
    `${failures} times, to sign in or to confirm an action: someone may be guessing your password. From now on ` +
    'sign-ins from browsers that never signed in to this account must wait a little longer after each further ' +
    `failure (at most ${Math.ceil(maxDelaySeconds / 60)} minutes).`;
  // The owner is not held by that wait (decision 0041): say what still works.
  const still =
    accountKind === 'admin'
      ? 'You can still sign in as usual from a browser you signed in with before. Changing your password there ' +
        'ends the wait for every browser.'
      : 'You can still sign in as usual from a browser you signed in with before, or reset your password: that ends ' +
        'the wait for every browser.';
  const ifYou = 'If it was you, there is nothing to do. If it was not, your password may be known or guessed.';
  const forThisAccountOnly = 'one you use for this account only';
  return {
    subject: 'Failed sign-ins to your Giftwise account',
    text: `${what}\n\n${still}\n\n${ifYou}\nSet a new password, ${forThisAccountOnly}: ${newPassword}\n`,
    html: renderHtml(
      <EmailLayout
        preview="Someone typed a wrong password for your Giftwise account several times."
        heading="Failed sign-ins to your account"
        footer={
          <FooterLine>We send this security notice to every account that sees repeated failed sign-ins.</FooterLine>
        }
      >
        <P>{what}</P>
        <P>{still}</P>
        <P>{ifYou}</P>
        <P>
          <A href={newPassword}>Set a new password</A>, {forThisAccountOnly}.
        </P>
      </EmailLayout>,
    ),
  };
}

export const PASSWORD_CHANGED_SUBJECT = 'Your Giftwise password was changed';

/** The notice of a change of password from a signed-in session (a reset needs the mailbox, so it sends none). */
export function passwordChangedEmail({
  accountKind,
  email,
  publicUrl,
}: {
  accountKind: 'customer' | 'admin';
  email: string;
  publicUrl: string;
}): MailContent {
  const newPassword = newPasswordUrl(publicUrl, accountKind);
  const what =
    `The password of your Giftwise ${accountKind === 'admin' ? 'admin ' : ''}account ${email} was just changed ` +
    'from a signed-in device. ' +
    'Every other device signed in to the account was signed out.';
  const ifYou = 'If it was you, there is nothing to do. If it was not, someone else knows your password.';
  // An admin has no reset link: their own account page while they can still sign in, else whoever runs Giftwise.
  const reset =
    accountKind === 'admin'
      ? 'Change it again on your admin account page'
      : 'Set a new one with a link sent to this address';
  const otherwise =
    accountKind === 'admin' ? ' If you cannot sign in, ask whoever runs Giftwise to set a new password for you.' : '';
  return {
    subject: PASSWORD_CHANGED_SUBJECT,
    text: `${what}\n\n${ifYou}\n${reset}: ${newPassword}${otherwise}\n`,
    html: renderHtml(
      <EmailLayout
        preview="The password of your Giftwise account was just changed."
        heading="Your password was changed"
        footer={<FooterLine>We send this security notice whenever the password of your account changes.</FooterLine>}
      >
        <P>{what}</P>
        <P>{ifYou}</P>
        <P>
          <A href={newPassword}>{reset}</A>.{otherwise}
        </P>
      </EmailLayout>,
    ),
  };
}
