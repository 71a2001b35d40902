import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** The doctype @react-email/render puts before every email (what mail clients handle best). */
const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * An email's HTML, rendered once when the email is queued (the queue stores it beside the text). Synchronous, so
 * an email builder stays a plain function from facts to MailContent: React Email's components hold no state and
 * never suspend, so react-dom's static markup is what @react-email/render's streaming render() gives (a unit test
 * checks they agree), at a fraction of the cost (docs/decisions/0025).
 */
export function renderHtml(email: ReactElement): string {
  return DOCTYPE + renderToStaticMarkup(email);
}
