// @jsxRuntime automatic
// (tsx, which runs the dev server and the scripts, applies tsconfig.json's "jsx" only to the files it includes.)
import { profileUrl } from '../siteLinks';
import { A, FooterLine } from './EmailLayout';

/** Why the customer gets an order email (text part): the same sentence in every one. */
export const orderEmailsWhy = (publicUrl: string) =>
  `You get this email because order emails are on in your profile: ${profileUrl(publicUrl)}`;

/** The same, for the HTML part: the profile is where order emails are turned off. */
export function OrderEmailsFooter({ publicUrl }: { publicUrl: string }) {
  return (
    <FooterLine>
      You get this email because order emails are on in <A href={profileUrl(publicUrl)}>your profile</A>.
    </FooterLine>
  );
}
