import { randomUUID } from 'node:crypto';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { AUTH_HEADER, BODY_LIMIT_BYTES } from '#contract/http';
import type { Config } from './config';
import { type Db, openDatabase } from './db/db';
import { migrate } from './db/migrate';
import { HttpError } from './errors';
import { createMailWorker, type MailWorker } from './jobs/mailWorker';
import { redactUrl } from './logRedact';
import { registerAuth } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/securityHeaders';
import { registerSpa } from './plugins/spa';
import adminRoutes from './routes/admin';
import authRoutes from './routes/auth';
import giftRoutes from './routes/gifts';
import healthRoutes from './routes/health';
import noteRoutes from './routes/notes';
import { bootstrapAdmin, checkBootstrapConfig } from './services/admins';
import { createMailer, type Mailer } from './services/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    mailer: Mailer;
    /** Delivers the mail queue in the background; kick() after enqueueing so it goes out at once. */
    mailWorker: MailWorker;
  }
}

export interface BuildOptions {
  /** Use this database instead of opening one from config (the caller then owns closing it). */
  db?: Db;
  /** false for silence; otherwise JSON logs (to stdout unless a stream is given) with secrets redacted. */
  logger?: false | { stream?: NodeJS.WritableStream; level?: string };
}

/** Never log credentials: tokens travel in a header, passwords and cards only in bodies (not logged). */
export const LOG_REDACT = [`req.headers["${AUTH_HEADER}"]`, 'req.headers.authorization', 'req.headers.cookie'];

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

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: options.logger?.level ?? config.logLevel,
            redact: LOG_REDACT,
            stream: options.logger?.stream,
            // Fastify's own request fields, with secrets in the address (a reset link's token) masked.
            serializers: {
              req: (req: FastifyRequest) => ({
                method: req.method,
                url: redactUrl(req.url),
                host: req.host,
                remoteAddress: req.ip,
                remotePort: req.socket?.remotePort,
              }),
            },
          },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // A client that sends its request slowly (a byte every few seconds) is cut off instead of holding a
    // socket for minutes. Node checks these deadlines every connectionsCheckingInterval.
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: { headersTimeout: config.headersTimeoutMs, connectionsCheckingInterval: Math.min(1000, config.headersTimeoutMs) },
    // Every log line of a request carries its id. Only a trusted proxy may name it (so logs join up);
    // otherwise a client could choose ids that collide with, or impersonate, other requests' logs.
    requestIdHeader: config.trustProxy ? 'x-request-id' : false,
    genReqId: () => randomUUID(),
    // A JSON body whose keys try prototype pollution is refused rather than silently stripped.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Router refusals (an over-long or malformed path parameter) answer in the API's shape too.
    frameworkErrors: (err, _request, reply: FastifyReply) => {
      const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void reply
        .code(tooLong ? 414 : 400)
        .send({ success: false, error: tooLong ? 'A value in the address is too long' : 'The address is not valid' });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  // Response schemas document the API (OpenAPI); API tests check the answers, so no per-response validation cost.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  checkBootstrapConfig(config);
  const db = options.db ?? (await openDatabase(config));
  try {
    await migrate(db);
    await bootstrapAdmin(db, config, app.log);
  } catch (err) {
    if (!options.db) await db.close();
    throw err;
  }
  if (!options.db) app.addHook('onClose', () => db.close());
  app.decorate('db', db);
  app.decorate('config', config);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log: app.log });
  app.decorate('mailer', mailer);
  const mailWorker = createMailWorker({
    db,
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

  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        // Self, the API host when the SPA was built for another one, and EmailJS (contact form, enquiries).
        connectSrc: ["'self'", ...(config.apiOrigin ? [config.apiOrigin] : []), 'https://api.emailjs.com'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // HSTS is added below, only on responses that really went out over HTTPS.
    strictTransportSecurity: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  // Shutting down (app.close()): answers to requests still in flight close their connection, or a
  // client's keep-alive connection would hold the server open until it times out.
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (draining) reply.header('connection', 'close');
    // API answers are personal (orders, profiles, card digits) or about a session: no cache may keep them.
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`),
  });
  registerErrorHandling(app);
  registerAuth(app);
  await registerOpenApi(app);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(noteRoutes);
  await app.register(giftRoutes);
  await app.register(adminRoutes);
  await registerSpa(app, config.staticDir);
  return app;
}
