import path from 'node:path';
import type { FastifyInstance } from 'fastify';

import type { Config } from '../../config/config';
import { createMailer, type Mailer } from './mailer';
import { createMailWorker, type MailWorker } from './mailWorker';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** Delivers the mail queue in the background; kick() after enqueueing so it goes out at once. */
    mailWorker: MailWorker;
  }
}

/** The SMTP URL and its password: kept out of stored delivery errors and logs. */
function smtpSecrets(smtpUrl: string | undefined): string[] {
  if (!smtpUrl) return [];
  try {
    const password = decodeURIComponent(new URL(smtpUrl).password);
    return [smtpUrl, ...(password ? [password, encodeURIComponent(password)] : [])];
  } catch {
    return [smtpUrl];
  }
}

/**
 * app.mailer (SMTP, or files in DATA_DIR/outbox without SMTP_URL) and app.mailWorker, which delivers
 * the mail queue in the background from when the app is ready until it closes. Register after the
 * database: the worker's last round must end before the database closes.
 */
export function registerMail(app: FastifyInstance, config: Config): void {
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log: app.log,
  });
  app.decorate('mailer', mailer);
  const mailWorker = createMailWorker({
    db: app.db,
    mailer,
    log: app.log.child({ job: 'mail' }),
    pollMs: config.mailPollMs,
    maxAttempts: config.mailMaxAttempts,
    firstRetryMs: config.mailRetryMs,
    secrets: smtpSecrets(config.smtpUrl),
  });
  app.decorate('mailWorker', mailWorker);
  // Delivery starts once the app is ready (listen, ready or the first inject), not while it is still being built.
  app.addHook('onReady', async () => mailWorker.start());
  // Shutting down (after the requests in flight, whose mail it may still send): no new rounds, and
  // the round in progress ends before the database closes (onClose hooks run last-registered first).
  app.addHook('onClose', () => mailWorker.stop());
}
