import { EmailJSResponseStatus, init as initEmailJs, send as sendEmailJs } from '@emailjs/browser';

import { config } from '@/config';

/**
 * The third-party email service (EmailJS). Both the contact form and the footer
 * enquiries send through here; nothing else imports @emailjs/browser.
 */

/** Template params of the contact page's form. */
// Type aliases rather than interfaces: the service takes any record of template params.
export type ContactEmailParams = {
  from_name: string;
  from_email: string;
  message: string;
};

/** Template params of a footer enquiry. */
export type EnquiryEmailParams = {
  type: string;
  name: string;
  email: string;
  details: string;
};

export type EmailOutcome =
  /** The service accepted the email. */
  | { status: 'sent' }
  /** The ids are not configured: the form was only logged, and the send counts as a success. */
  | { status: 'skipped' };

/** A refusal of the email service, with the text users see as its message. */
export class EmailSendError extends Error {
  constructor(
    message: string,
    /** The service's HTTP-like status (0 = network), when it gave one. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'EmailSendError';
  }
}

/** One email per browser per form every 10 seconds: a double click or a script cannot flood the inbox. */
export const EMAIL_THROTTLE_MS = 10_000;

const REFUSALS: Record<number, string> = {
  0: 'Network Error',
  451: 'Unavailable For Headless Browser',
  403: 'Forbidden',
  429: 'Too Many Requests',
};

/** The ids that are missing, named as the service names them. */
export function missingEmailIds(): string[] {
  const { publicKey, serviceId, templateId } = config.emailjs;
  return [!publicKey && 'public key', !serviceId && 'service ID', !templateId && 'template ID'].filter(
    (x): x is string => Boolean(x),
  );
}

/** The text users see for whatever the EmailJS client rejected with (the texts are in docs/screens.md). */
export function emailErrorText(err: unknown): string {
  // The client throws plain strings when an id is missing ("The public key is required. …").
  if (typeof err === 'string') return err;
  if (err instanceof EmailSendError) return err.message;
  if (err instanceof EmailJSResponseStatus || (typeof err === 'object' && err !== null && 'status' in err)) {
    const { status } = err;
    const text = 'text' in err && typeof err.text === 'string' ? err.text : '';
    return (
      (typeof status === 'number' ? REFUSALS[status] : undefined) ?? (text || `Email service error ${String(status)}`)
    );
  }
  // fetch() itself failed (offline, DNS, blocked): the service reports that as status 0.
  if (err instanceof TypeError) return REFUSALS[0];
  return err instanceof Error ? err.message : String(err);
}

function statusOf(err: unknown): number | undefined {
  if (typeof err === 'object' && err !== null && 'status' in err && typeof err.status === 'number') return err.status;
  return err instanceof TypeError ? 0 : undefined;
}

let initialised = false;
function init(publicKey: string) {
  if (initialised) return;
  initEmailJs({
    publicKey,
    // Refuse headless browsers (451) and more than one email per form per throttle window (429).
    blockHeadless: true,
    limitRate: { throttle: EMAIL_THROTTLE_MS },
  });
  initialised = true;
}

async function send(channel: 'contact' | 'enquiry', params: Record<string, unknown>): Promise<EmailOutcome> {
  const missing = missingEmailIds();
  if (missing.length > 0) {
    console.info(`Email service not configured (missing ${missing.join(', ')}); the form was not emailed:`, params);
    return { status: 'skipped' };
  }
  const { publicKey, serviceId, templateId } = config.emailjs;
  init(publicKey);
  try {
    await sendEmailJs(serviceId, templateId, params, {
      limitRate: { id: `giftwise-${channel}`, throttle: EMAIL_THROTTLE_MS },
    });
    return { status: 'sent' };
  } catch (err) {
    throw new EmailSendError(emailErrorText(err), statusOf(err));
  }
}

/** Sends the contact page's message. Rejects with EmailSendError carrying the text users see. */
export const sendContactEmail = (params: ContactEmailParams) => send('contact', params);

/** Sends a footer enquiry. Rejects with EmailSendError carrying the text users see. */
export const sendEnquiryEmail = (params: EnquiryEmailParams) => send('enquiry', params);
