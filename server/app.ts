import path from 'node:path';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { AUTH_HEADER, BODY_LIMIT_BYTES } from '@/contract/http';
import type { Config } from './config';
import { type Db, openDatabase } from './db/db';
import { migrate } from './db/migrate';
import { HttpError } from './errors';
import { registerAuth } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { registerSpa } from './plugins/spa';
import adminRoutes from './routes/admin';
import authRoutes from './routes/auth';
import healthRoutes from './routes/health';
import noteRoutes from './routes/notes';
import { bootstrapAdmin, checkBootstrapConfig } from './services/admins';
import { createMailer, type Mailer } from './services/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    mailer: Mailer;
  }
}

export interface BuildOptions {
  /** Use this database instead of opening one from config (the caller then owns closing it). */
  db?: Db;
  /** Pino options or false; defaults to JSON logs at config.logLevel. */
  logger?: boolean | object;
}

/** Never log credentials: tokens travel in a header, passwords and cards only in bodies (not logged). */
export const LOG_REDACT = [`req.headers["${AUTH_HEADER}"]`, 'req.headers.authorization', 'req.headers.cookie'];

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel, redact: LOG_REDACT },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
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
  app.setSerializerCompiler(serializerCompiler);

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
  app.decorate(
    'mailer',
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log: app.log }),
  );

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://api.emailjs.com'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'no-referrer' },
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`),
  });
  registerErrorHandling(app);
  registerAuth(app);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(noteRoutes);
  await app.register(adminRoutes);
  await registerSpa(app, config.staticDir);
  return app;
}
