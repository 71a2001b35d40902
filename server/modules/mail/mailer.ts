import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

import { writeFileAtomic } from '../../lib/atomicFile';
import { outboxFileName } from './outboxFiles';

export interface Mail {
  to: string;
  subject: string;
  /** The plain-text part: every email has one. */
  text: string;
  /** The HTML part (mail/html/EmailLayout.tsx), sent with the text as multipart/alternative. */
  html?: string;
  /** Extra header lines (e.g. List-Unsubscribe, a Message-ID to thread replies). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Sends through SMTP_URL when set; otherwise writes each message as an .eml file to outboxDir. */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({
          from: opts.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers,
        });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: opts.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const file = path.join(opts.outboxDir, outboxFileName(info.messageId));
      // Atomic: a crash or a full disk midway leaves no partial .eml for a reader to open.
      await writeFileAtomic(file, info.message as Buffer);
      // No SMTP configured: the outbox is the delivery, so say where it went (never the body).
      opts.log.info({ file }, 'email written to outbox (SMTP_URL not set)');
    },
  };
}
