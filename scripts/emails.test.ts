// @vitest-environment jsdom
import { render } from '@react-email/render';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';

import { shippedEmail } from '../server/modules/journey/journeyEmails';
import { EmailLayout, P } from '../server/modules/mail/html/EmailLayout';
import { renderHtml } from '../server/modules/mail/html/renderHtml';
import { emailSamples, FRIENDLY, type SampleText } from './emailSamples';

/**
 * Both parts of every customer email (scripts/emailSamples.ts lists them), rendered here directly: the HTML has the
 * layout, its main link as the button, every link of the text, and shows what a customer typed as words; the text
 * has no markup. The words of each email are asserted by the API tests that send them.
 */

/** Customer-typed text that would be markup if it were not escaped. */
const HOSTILE: SampleText = {
  customerName: 'Ann <script>alert(1)</script>',
  recipientName: 'Mia <img src=x onerror=alert(2)>',
  occasion: 'birthday & "party"',
  note: '</p><a href="https://evil.example">click</a>',
};

/** The email as a mail client's HTML parser sees it (jsdom's, this file's environment). */
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const urlsIn = (text: string) => [...text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);

/**
 * Words that point at a part of a web page, or of the email's own layout, which a reader in an inbox (or a screen
 * reader, or a text-only client) does not have: "the button below", "Contact Us at the foot of the page".
 */
const POINTS_AT_A_PAGE = [
  /\bbuttons?\b/i,
  /\b(click|tap)\b/i,
  // "the link below", "as shown above"; not "above your budget".
  /\b(above|below)\b(?! (your|the|our|its) )/i,
  /\b(the|this) page\b/i,
  /\b(footer|header|sidebar)\b/i,
];

/** An email's words as its reader meets them: the subject, the text part without its addresses, the HTML's text. */
const wordsOf = (mail: { subject: string; text: string }, doc: Document) => [
  mail.subject,
  mail.text.replace(/https?:\/\/\S+/g, '<address>'),
  doc.body.textContent ?? '',
];

const samples = emailSamples(FRIENDLY);
const hostile = emailSamples(HOSTILE);

describe.each(samples.map((s, i) => [s.name, s, hostile[i]] as const))('the %s email', (_name, sample, withMarkup) => {
  const { mail, mainLink } = sample;
  const doc = parse(mail.html!);

  it('is HTML in the one layout: brand, dark-mode styles, the heading, the footer', () => {
    expect(mail.html).toMatch(/^<!DOCTYPE html /);
    expect(doc.documentElement.lang).toBe('en');
    expect(doc.querySelector('meta[name="color-scheme"]')?.getAttribute('content')).toBe('light dark');
    expect(doc.querySelector('style')?.textContent).toContain('@media (prefers-color-scheme: dark)');
    expect(doc.querySelector('.gw-brand')?.textContent).toBe('Giftwise');
    expect(doc.querySelectorAll('h1')).toHaveLength(1);
    expect(doc.querySelector('.gw-muted')?.textContent).toMatch(/\w/);
    // No text on images: the only images are a proposal's picture, with its alternative words.
    for (const img of doc.querySelectorAll('img')) expect(img.getAttribute('alt')).toBeTruthy();
  });

  it('has its main link as the one button', () => {
    const buttons = [...doc.querySelectorAll('a.gw-button')];
    expect(buttons.map((a) => a.getAttribute('href'))).toEqual(mainLink ? [mainLink] : []);
  });

  it('links every address its text part gives', () => {
    const hrefs = new Set([...doc.querySelectorAll('a')].map((a) => a.getAttribute('href')));
    for (const url of urlsIn(mail.text)) expect(hrefs, url).toContain(url);
  });

  it('gives, in both parts, an address for each place it sends the reader, and no other', () => {
    const hrefs = [...doc.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(new Set(urlsIn(mail.text))).toEqual(new Set(sample.links));
    expect(new Set(hrefs)).toEqual(new Set(sample.links));
  });

  it('makes sense in an inbox: no words point at a button, a page or a part of one', () => {
    for (const words of wordsOf(mail, doc)) {
      for (const pointer of POINTS_AT_A_PAGE) expect(words).not.toMatch(pointer);
    }
  });

  it('writes dates in words: a YYYY-MM-DD date is only inside an address, for the site to read', () => {
    for (const words of wordsOf(mail, doc)) expect(words).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it("shows the customer's words as words: nothing they typed becomes markup", () => {
    const marked = parse(withMarkup.mail.html!);
    expect(marked.querySelector('script')).toBeNull();
    expect(marked.querySelector('[onerror]')).toBeNull();
    expect(marked.querySelector('a[href^="https://evil"]')).toBeNull();
    // Whatever the text part shows of what they typed, the HTML shows too, character for character.
    const typed = [HOSTILE.customerName, HOSTILE.recipientName, HOSTILE.occasion, HOSTILE.note];
    for (const t of typed.filter((t) => withMarkup.mail.text.includes(t))) expect(marked.body.textContent).toContain(t);
  });

  it('has a plain-text part: words and addresses, the main link among them, no markup or entities', () => {
    expect(mail.text).toMatch(/^\S/);
    expect(mail.text).not.toMatch(/<[a-z]/i);
    expect(mail.text).not.toMatch(/&(amp|lt|gt|quot|#\d+);/);
    if (mainLink) expect(urlsIn(mail.text)).toContain(mainLink);
  });
});

describe('the email list', () => {
  it('covers every customer email, each with both parts', () => {
    expect(samples.map((s) => s.name)).toEqual([
      'verification',
      'password-reset',
      'reminder',
      'reminders-on-again',
      'sign-in-failures',
      'password-changed',
      'password-changed-admin',
      'second-factor-enrolled',
      'second-factor-reset',
      'order-received',
      'order-processed',
      'order-finished',
      'order-rejected',
      'proposal',
      'proposal-approved-automatically',
      'shipped',
      'delivered',
    ]);
    for (const { mail } of samples) expect([typeof mail.text, typeof mail.html]).toEqual(['string', 'string']);
  });

  it('keeps the unsubscribe headers on the emails that carry an unsubscribe link', () => {
    for (const { name, mail } of samples) {
      const unsubscribe = urlsIn(mail.text).find((u) => u.includes('/unsubscribe/'));
      expect(mail.headers?.['List-Unsubscribe'], name).toBe(unsubscribe ? `<${unsubscribe}>` : undefined);
    }
  });
});

describe('the shipped email', () => {
  it('gives the tracking address in both parts only when it is a tracking address (https, a host, no user name)', () => {
    const facts = {
      ...FRIENDLY,
      date: '2026-12-04',
      orderUrl: 'https://giftwise.example/orders?order=1',
      publicUrl: 'https://giftwise.example',
      carrier: 'UPS',
      trackingNumber: '1Z',
      shippedOn: '2026-12-01',
    };
    const good = 'https://tracking.example/track?n=1Z&lang=en';
    const mail = shippedEmail({ ...facts, trackingUrl: good });
    expect(mail.text).toContain(`Track it: ${good}`);
    expect(parse(mail.html!).querySelector('a.gw-button')?.getAttribute('href')).toBe(good);
    for (const trackingUrl of ['http://tracking.example/1Z', 'javascript:alert(1)', 'https://user@evil.example/1Z']) {
      const bad = shippedEmail({ ...facts, trackingUrl });
      const doc = parse(bad.html!);
      expect([...doc.querySelectorAll('a')].map((a) => a.getAttribute('href'))).not.toContain(trackingUrl);
      expect(doc.querySelector('a.gw-button')).toBeNull();
      expect(bad.text).not.toContain(trackingUrl);
      expect(bad.text).not.toContain('Track it');
      expect(bad.text).toContain('Tracking number: 1Z');
    }
  });
});

describe('renderHtml', () => {
  it("renders what @react-email/render's render() does, synchronously", async () => {
    const email = createElement(EmailLayout, {
      preview: 'Preview line',
      heading: 'A heading',
      action: { label: 'Go', href: 'https://giftwise.example/orders?order=1&x=2' },
      footer: 'Why you get it',
      children: createElement(P, null, 'Words & more <words>'),
    });
    // render() streams through a Suspense boundary, which leaves React's marker comments; nothing else differs.
    const withoutMarkers = (html: string) => html.replace(/<!--(?:\$|\/\$|html|head|body)-->/g, '');
    expect(renderHtml(email)).toBe(withoutMarkers(await render(email)));
  });
});
