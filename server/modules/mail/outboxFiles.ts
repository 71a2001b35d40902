/**
 * Names in DATA_DIR/outbox, where emails go when SMTP_URL is unset. Kept apart from the mailer (and free of
 * imports) so the browser tests can read the outbox by the same rule.
 */

/** The file name of one delivered email. */
export const outboxFileName = (messageId: string, now = Date.now()) =>
  `${now}-${messageId.replace(/[^\w.-]/g, '')}.eml`;

/** A delivered email: a whole `.eml`, never a temporary file still being written (see writeFileAtomic). */
export const isOutboxMail = (name: string) => name.endsWith('.eml');
