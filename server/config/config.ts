import path from 'node:path';
import { z } from 'zod';

/**
 * Every environment variable the server reads, parsed and validated in one place.
 * The same list, with examples, is in .env.example and the README.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('localhost'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /**
   * Milliseconds opening a PostgreSQL connection, or waiting for a free one in the pool, may take before the
   * request answers 503: well under REQUEST_TIMEOUT_MS, so a database that does not answer never holds a request.
   */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Giftwise <no-reply@giftwise.local>'),
  /** How often the mail worker looks for due messages (it also runs at once after each enqueue). */
  MAIL_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(1000),
  /** Delivery attempts per email before it is marked failed. */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  /** Wait before the first retry of a failed delivery; doubles with each further failure (at most 1 hour). */
  MAIL_RETRY_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Behind a reverse proxy, trust X-Forwarded-* so rate limits see the real client. */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Requests per minute per client on sign-in, sign-up and password reset. */
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /** Order writes (place, edit, delete) per minute per customer account. */
  ORDER_WRITE_RATE_LIMIT: z.coerce.number().int().positive().default(60),
  /** Orders a customer may have in progress (new or processed) at once; finished and rejected ones do not count. */
  MAX_OPEN_ORDERS: z.coerce.number().int().positive().default(100),
  /**
   * The most finished or rejected orders getgifts answers (the latest by delivery date) beside every order
   * in progress (at most MAX_OPEN_ORDERS): the cost of one read stays bounded however long the history grows.
   */
  CLOSED_ORDERS_LIST_LIMIT: z.coerce.number().int().min(0).default(400),
  /** Milliseconds a client has to send a whole request, and its headers; a slow client is then cut off. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(10_000),
  /** Milliseconds a connection may pass with no byte either way while a request is under way (a client that stops reading its answer). */
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  /**
   * Milliseconds an idle keep-alive connection stays open between requests. Longer than the 60 s idle
   * timeout of common proxies and load balancers, so the server never closes a connection they are reusing.
   */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(72_000),
  /** Seconds between two reminder runs (each sends the reminders that fell due since the last one). */
  REMINDER_SWEEP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** Days a session is kept after it expired or was revoked (then deleted by the purge). */
  SESSION_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(7),
  /** Days a password-reset link is kept after it expired (a used one expires within minutes of its use). */
  RESET_LINK_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(7),
  /** Days a sent email's record (recipient, subject) is kept after sending; a failed one's after its last attempt. */
  SENT_MAIL_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  /** Minutes between two purges of what is past its retention (one server of a fleet runs each). */
  PURGE_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  /** Occasions one customer may keep. */
  MAX_OCCASIONS: z.coerce.number().int().positive().default(500),
  /** Requests per minute per client on the public enquiry intake. */
  NOTE_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  /** Built SPA to serve; empty disables static serving (API only). */
  STATIC_DIR: z.string().default('dist'),
  /** The SPA's API base (read at build time too): when it is another host, the CSP must let the SPA reach it. */
  VITE_API_URL: z.union([z.literal(''), z.string().url()]).optional(),
  /**
   * Serves GET /metrics (Prometheus text format) on this port, apart from the public one; unset, /metrics is not
   * served at all. METRICS_HOST is the interface it listens on: loopback unless a scraper elsewhere needs it.
   */
  METRICS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(65535).optional()),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Adds GET /bench/hello, the hello-world baseline of `npm run bench`. Off in production. */
  BENCH_ROUTES: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  databaseConnectTimeoutMs: number;
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  mailPollMs: number;
  mailMaxAttempts: number;
  mailRetryMs: number;
  adminEmail?: string;
  adminPassword?: string;
  logLevel: string;
  trustProxy: boolean;
  authRateLimit: number;
  noteRateLimit: number;
  orderWriteRateLimit: number;
  maxOpenOrders: number;
  reminderSweepMs: number;
  maxOccasions: number;
  closedOrdersListLimit: number;
  /** How long ended sessions, expired reset links and sent or failed emails are kept (the purge). */
  retention: RetentionDays;
  purgeIntervalMs: number;
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  connectionTimeoutMs: number;
  keepAliveTimeoutMs: number;
  staticDir: string | null;
  /** Where GET /metrics listens, or null when it is not served. */
  metrics: { port: number; host: string } | null;
  benchRoutes: boolean;
  /** Origin of a separate API host the served SPA calls, or null when it is this server. */
  apiOrigin: string | null;
}

export interface RetentionDays {
  sessions: number;
  resetLinks: number;
  sentMail: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    throw new Error('Invalid configuration: METRICS_PORT must differ from PORT (/metrics is not served publicly)');
  }
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) {
    throw new Error('Invalid configuration: HEADERS_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    mailPollMs: e.MAIL_POLL_MS,
    mailMaxAttempts: e.MAIL_MAX_ATTEMPTS,
    mailRetryMs: e.MAIL_RETRY_MS,
    adminEmail: e.ADMIN_EMAIL || undefined,
    adminPassword: e.ADMIN_PASSWORD || undefined,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    authRateLimit: e.AUTH_RATE_LIMIT,
    noteRateLimit: e.NOTE_RATE_LIMIT,
    orderWriteRateLimit: e.ORDER_WRITE_RATE_LIMIT,
    maxOpenOrders: e.MAX_OPEN_ORDERS,
    reminderSweepMs: e.REMINDER_SWEEP_SECONDS * 1000,
    maxOccasions: e.MAX_OCCASIONS,
    closedOrdersListLimit: e.CLOSED_ORDERS_LIST_LIMIT,
    retention: {
      sessions: e.SESSION_RETENTION_DAYS,
      resetLinks: e.RESET_LINK_RETENTION_DAYS,
      sentMail: e.SENT_MAIL_RETENTION_DAYS,
    },
    purgeIntervalMs: e.PURGE_INTERVAL_MINUTES * 60_000,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    connectionTimeoutMs: e.CONNECTION_TIMEOUT_MS,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    staticDir: e.STATIC_DIR ? path.resolve(e.STATIC_DIR) : null,
    metrics: e.METRICS_PORT === undefined ? null : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    benchRoutes: e.BENCH_ROUTES,
    apiOrigin: e.VITE_API_URL ? new URL(e.VITE_API_URL).origin : null,
  };
}
