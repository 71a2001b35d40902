// @jsxRuntime automatic
// (tsx, which runs the dev server and the scripts, applies tsconfig.json's "jsx" only to the files it includes.)
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { ReactNode } from 'react';

import { EMAIL_FONT, EMAIL_THEME } from './theme';

const { light, dark } = EMAIL_THEME;

/**
 * Dark mode: clients that honour prefers-color-scheme (Apple Mail, iOS, Outlook.com, some Gmail apps) take these
 * over the inline light colours; the classes name each painted part. Others show the light design, or invert it
 * themselves: no text sits on an image, so nothing becomes unreadable.
 */
const DARK_CSS = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .gw-page, .gw-page > table > tbody > tr > td { background-color: ${dark.page} !important; color: ${dark.text} !important; }
  .gw-card { background-color: ${dark.card} !important; border-color: ${dark.border} !important; }
  .gw-text { color: ${dark.text} !important; }
  .gw-brand { color: ${dark.brand} !important; }
  .gw-muted { color: ${dark.muted} !important; }
  .gw-link { color: ${dark.link} !important; }
  .gw-rule { border-color: ${dark.border} !important; }
  .gw-button { background-color: ${dark.brand} !important; color: ${dark.buttonText} !important; }
}
@media (max-width: 480px) { .gw-card { padding: 20px 16px !important; } }
`;

export interface EmailAction {
  /** The button's words, e.g. "Set a new password". */
  label: string;
  href: string;
  /** Also show the address under the button, for copying (a one-time link in an account email). */
  showAddress?: boolean;
}

export interface EmailLayoutProps {
  /** The line inbox lists show after the subject. */
  preview: string;
  heading: string;
  /** The email's one main link, drawn as the button. */
  action?: EmailAction;
  /** Why the customer gets this email (and where to change that), under the rule. */
  footer: ReactNode;
  children: ReactNode;
}

const paragraph = { fontSize: '16px', lineHeight: '24px', margin: '0 0 16px', color: light.text };

/** Every email's frame: the brand, a card with the heading, the words and the button, then the footer. */
export function EmailLayout({ preview, heading, action, footer, children }: EmailLayoutProps) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{DARK_CSS}</style>
      </Head>
      <Preview>{preview}</Preview>
      <Body
        className="gw-page"
        style={{ backgroundColor: light.page, margin: 0, padding: '24px 0', fontFamily: EMAIL_FONT }}
      >
        <Container style={{ maxWidth: '560px', width: '100%', margin: '0 auto', padding: '0 12px' }}>
          <Text
            className="gw-brand"
            style={{
              fontSize: '22px',
              fontWeight: 700,
              color: light.brand,
              margin: '0 0 16px',
              letterSpacing: '0.2px',
            }}
          >
            Giftwise
          </Text>
          <Section
            className="gw-card"
            style={{
              backgroundColor: light.card,
              border: `1px solid ${light.border}`,
              borderRadius: '8px',
              padding: '28px 32px',
            }}
          >
            <Heading
              as="h1"
              className="gw-text"
              style={{ fontSize: '22px', lineHeight: '30px', margin: '0 0 16px', color: light.text }}
            >
              {heading}
            </Heading>
            {children}
            {action && (
              <Section style={{ margin: '8px 0 8px' }}>
                <Button
                  href={action.href}
                  className="gw-button"
                  style={{
                    backgroundColor: light.brand,
                    color: light.buttonText,
                    borderRadius: '6px',
                    fontSize: '16px',
                    fontWeight: 600,
                    padding: '12px 20px',
                    textDecoration: 'none',
                  }}
                >
                  {action.label}
                </Button>
                {action.showAddress && <ButtonFallback href={action.href} />}
              </Section>
            )}
          </Section>
          <Hr className="gw-rule" style={{ borderColor: light.border, margin: '24px 0 12px' }} />
          <Section className="gw-muted" style={{ fontSize: '13px', lineHeight: '20px', color: light.muted }}>
            {footer}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph of the email's words. */
export function P({ children }: { children: ReactNode }) {
  return (
    <Text className="gw-text" style={paragraph}>
      {children}
    </Text>
  );
}

/** A link in the words or the footer, in the brand's colour. */
export function A({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <Link href={href} className="gw-link" style={{ color: light.brand, textDecoration: 'underline' }}>
      {children ?? href}
    </Link>
  );
}

/** A line of the footer. */
export function FooterLine({ children }: { children: ReactNode }) {
  return (
    <Text className="gw-muted" style={{ fontSize: '13px', lineHeight: '20px', margin: '0 0 6px', color: light.muted }}>
      {children}
    </Text>
  );
}

/** A bulleted list (gift ideas). */
export function List({ items }: { items: readonly string[] }) {
  return (
    <ul className="gw-text" style={{ ...paragraph, paddingLeft: '20px' }}>
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

/** The link for someone whose client does not show the button (or who prefers to copy it). */
function ButtonFallback({ href }: { href: string }) {
  return (
    <Text
      className="gw-muted"
      style={{ fontSize: '13px', lineHeight: '20px', margin: '8px 0 0', color: light.muted, wordBreak: 'break-all' }}
    >
      Or open this address: <A href={href} />
    </Text>
  );
}
