import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';

import { BODY_LIMIT_BYTES } from '#contract/http';

import type { Config } from './config/config';
import type { Db } from './db/db';
import accountRoutes from './modules/accounts/routes';
import { registerAuth } from './modules/accounts/sessionAuth';
import { bootstrapAdmin, checkBootstrapConfig } from './modules/admin/admins';
import { registerFreshCodeGate } from './modules/admin/freshCodeGate';
import adminRoutes from './modules/admin/routes';
import calendarRoutes from './modules/calendar/routes';
import enquiryRoutes from './modules/enquiries/routes';
import healthRoutes from './modules/health/routes';
import proposalRoutes from './modules/journey/proposalRoutes';
import shipmentRoutes from './modules/journey/shipmentRoutes';
import timelineRoutes from './modules/journey/timelineRoutes';
import { registerMail } from './modules/mail/plugin';
import occasionRoutes from './modules/occasions/routes';
import orderRoutes from './modules/orders/routes';
import peopleImportRoutes from './modules/people/import/routes';
import peopleRoutes from './modules/people/routes';
import privacyRoutes from './modules/privacy/routes';
import { registerReminders } from './modules/reminders/plugin';
import reminderRoutes from './modules/reminders/routes';
import { registerRetention } from './modules/retention/plugin';
import { registerBackupSocket } from './plugins/backupSocket';
import { registerDatabase } from './plugins/database';
import { answerFrameworkError, registerErrorHandling } from './plugins/errors';
import { loggingOptions, type LoggerChoice } from './plugins/logging';
import { registerMetrics } from './plugins/metrics';
import { registerOpenApi } from './plugins/openapi';
import { registerRateLimits } from './plugins/rateLimits';
import { registerResponseHeaders } from './plugins/responseHeaders';
import { registerSecurityHeaders, securityHeaderOptions } from './plugins/securityHeaders';
import { registerShutdownDrain } from './plugins/shutdownDrain';
import { registerSpa } from './plugins/spa';

export { LOG_REDACT } from './plugins/logging';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export interface BuildOptions {
  /** Use this database instead of opening one from config (the caller then owns closing it). */
  db?: Db;
  /** false for silence; otherwise JSON logs (to stdout unless a stream is given) with secrets redacted. */
  logger?: LoggerChoice;
}

/** The whole server: external plugins, then our own (database, mail, headers, errors), then the routes. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggingOptions(config, options.logger),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // A client that sends its request slowly (a byte every few seconds) is cut off instead of holding a
    // socket for minutes. Node checks these deadlines every connectionsCheckingInterval.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: config.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, config.headersTimeoutMs),
    },
    // A connection silent both ways mid-request (a client that stopped reading its answer) is closed, and
    // an idle keep-alive connection is closed after keepAliveTimeout.
    connectionTimeout: config.connectionTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    // A JSON body whose keys try prototype pollution is refused rather than silently stripped.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Response schemas document the API (OpenAPI); API tests check the answers, so no per-response validation cost.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.decorate('config', config);

  // Our plugins. The mail worker after the database: it stops before the database closes. Rate limits count
  // in the database, and come before the routes (they hook into each route as it is added); the OpenAPI
  // document comes last, to see every route.
  checkBootstrapConfig(config);
  await registerDatabase(app, config, options.db, (db) => bootstrapAdmin(db, config, app.log));
  await registerRateLimits(app);
  // The database this app opened on PGlite (a given one is the caller's): backups go through this server.
  if (!options.db && !config.databaseUrl) registerBackupSocket(app, config);
  registerMail(app, config);
  registerReminders(app, config);
  registerRetention(app, config);
  registerMetrics(app, config);
  await registerSecurityHeaders(app, securityHeaderOptions(config.apiOrigin));
  registerResponseHeaders(app);
  registerShutdownDrain(app);
  registerErrorHandling(app);
  registerAuth(app);
  registerFreshCodeGate(app);
  await registerOpenApi(app);

  // Routes: each module registers its public calls, then a session scope for the rest.
  await app.register(healthRoutes);
  await app.register(accountRoutes);
  await app.register(enquiryRoutes);
  await app.register(orderRoutes);
  await app.register(occasionRoutes);
  await app.register(peopleRoutes);
  await app.register(peopleImportRoutes);
  await app.register(reminderRoutes);
  await app.register(calendarRoutes);
  await app.register(adminRoutes);
  await app.register(proposalRoutes);
  await app.register(privacyRoutes);
  await app.register(shipmentRoutes);
  await app.register(timelineRoutes);
  await registerSpa(app, config.staticDir);
  return app;
}
