import path from 'node:path';
import { z } from 'zod';

import type { LeadDays } from '#contract/leadTimes';

/**
 * Every environment variable the server reads, in one table: its kind, its default and what it does, beside the
 * schema that parses it. loadConfig reads the environment through this table, and `npm run docs:config` writes
 * docs/configuration.md from it, so the doc cannot drift from the code; a test checks that .env.example lists
 * every setting with its default.
 */
export interface Setting<S extends z.ZodType = z.ZodType> {
  /** The value used when the variable is unset, as written in the environment; undefined: nothing is used. */
  default?: string;
  /** The values it takes, in words, for the doc. */
  kind: string;
  /** What it does (Markdown), for the doc. */
  description: string;
  /** The heading it is listed under in the doc. */
  group: string;
  schema: S;
  /**
   * Whether an empty value means something of its own (its description says what). Otherwise an empty value is the
   * same as an unset one, so the `NAME=` lines of .env.example, exported as they are, give the defaults.
   */
  emptyHasMeaning?: true;
}

/** A whole number from min to max (or any from min), written in digits. */
function wholeNumber(defaultValue: number, min: number, max?: number) {
  let schema = z.coerce.number().int().min(min);
  if (max !== undefined) schema = schema.max(max);
  const kind = max === undefined ? `whole number, at least ${min}` : `whole number, ${min} to ${max}`;
  return { default: String(defaultValue), kind, schema: schema.default(defaultValue) };
}

/** A default option's lead time (contract/leadTimes.ts): the days the provider needs to prepare it. */
const leadDays = (days: number, what: string) => ({
  group: 'Orders',
  ...wholeNumber(days, 0, 365),
  description:
    `Days the provider needs to prepare ${what}: an order's date must be at least this many days after the ` +
    "customer's today (in their time zone), and reminders name the last day to order. 0: no lead time.",
});

const text = (defaultValue: string) => ({
  default: defaultValue,
  kind: 'text',
  schema: z.string().default(defaultValue),
});

const nonEmptyText = (defaultValue: string) => ({
  default: defaultValue,
  kind: 'text, not empty',
  schema: z.string().min(1).default(defaultValue),
});

const optionalText = (kind = 'text') => ({
  kind,
  schema: z.string().optional(),
});

/** `true` or `false`, off unless set. */
const flag = () => ({
  default: 'false',
  kind: '`true` or `false`',
  schema: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

function oneOf<const V extends readonly [string, ...string[]]>(values: V, defaultValue: V[number]) {
  return {
    default: defaultValue,
    kind: values.map((value) => `\`${value}\``).join(', '),
    schema: z.enum(values).default(defaultValue),
  };
}

const SETTINGS = {
  PORT: {
    group: 'Server',
    ...wholeNumber(3000, 0, 65535),
    description: 'The HTTP port of the API and the SPA.',
  },
  HOST: {
    group: 'Server',
    ...text('localhost'),
    description: 'The interface to listen on: `0.0.0.0` in a container or behind a proxy on another host.',
  },
  STATIC_DIR: {
    group: 'Server',
    ...text('dist'),
    description: 'The built SPA to serve (`npm run build` writes `dist/`); empty: the server answers the API only.',
    emptyHasMeaning: true,
  },
  TRUST_PROXY: {
    group: 'Server',
    ...flag(),
    description:
      '`true` behind a reverse proxy: the rate limits see the client address from `X-Forwarded-For`, HTTPS is ' +
      "recognised from `X-Forwarded-Proto`, and the proxy's `X-Request-Id` is kept (otherwise the server makes its own).",
  },
  LOG_LEVEL: {
    group: 'Server',
    ...oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
    description: 'How much the server logs (JSON lines on stdout, readable lines on a terminal).',
  },
  VITE_API_URL: {
    group: 'Server',
    kind: 'URL, or empty',
    description:
      "The SPA's API base, read when the SPA is built; empty: the same origin. The server reads it too, to let " +
      'the SPA reach that host in its Content-Security-Policy (`connect-src`).',
    schema: z.string().url().optional(),
  },
  DATA_DIR: {
    group: 'Database',
    ...text('./data'),
    description:
      'Where the server keeps its files: the PGlite database (`DATA_DIR/pglite`), the email outbox ' +
      "(`DATA_DIR/outbox`), the first admin's generated password and the running server's backup socket. It must " +
      "belong to the server's user, who alone may read it (folders 0700, files 0600).",
  },
  DATABASE_URL: {
    group: 'Database',
    ...optionalText('PostgreSQL connection string'),
    description:
      'A PostgreSQL server to use instead of PGlite, e.g. `postgres://app@127.0.0.1:5432/giftwise`; needed to run ' +
      'several servers on one database.',
  },
  DATABASE_CONNECT_TIMEOUT_MS: {
    group: 'Database',
    ...wholeNumber(10_000, 100, 600_000),
    description:
      "With `DATABASE_URL`: milliseconds opening a connection, or waiting for a free one of the pool's 10, may take " +
      'before the request answers 503. Well under `REQUEST_TIMEOUT_MS`, so a database that does not answer never ' +
      'holds a request.',
  },
  PUBLIC_URL: {
    group: 'Email',
    kind: 'URL',
    description:
      'The address users reach the site at: the base of the links in emails (password reset, reminders, ' +
      'unsubscribe) and of the private calendar-feed address; unset: `http://localhost:PORT`.',
    schema: z.string().url().optional(),
  },
  SMTP_URL: {
    group: 'Email',
    ...optionalText('SMTP URL'),
    description:
      'The SMTP server that delivers emails, e.g. `smtps://user:pass@smtp.example.com:465`; unset: each email is ' +
      'written to `DATA_DIR/outbox/*.eml` and its path logged.',
  },
  MAIL_FROM: {
    group: 'Email',
    ...text('Giftwise <no-reply@giftwise.local>'),
    description: 'The sender of every email.',
  },
  MAIL_POLL_MS: {
    group: 'Email',
    ...wholeNumber(1000, 50, 3_600_000),
    description:
      'Milliseconds between two looks of the mail worker for due emails (it also looks at once after each email ' +
      'is queued).',
  },
  MAIL_MAX_ATTEMPTS: {
    group: 'Email',
    ...wholeNumber(8, 1, 100),
    description: 'Delivery attempts per email before it is marked `failed` and left alone.',
  },
  MAIL_RETRY_MS: {
    group: 'Email',
    ...wholeNumber(30_000, 0, 3_600_000),
    description:
      'Milliseconds before the first retry of a failed delivery; the wait doubles with each further failure, up to ' +
      'an hour (8 attempts span about an hour).',
  },
  EMAIL_VERIFY_LINK_HOURS: {
    group: 'Email',
    ...wholeNumber(48, 1, 720),
    description:
      'Hours an email-verification link works (single use). Until a customer opens one, no email but that link ' +
      'and password resets goes to their address.',
  },
  MAIL_DAILY_LIMIT: {
    group: 'Email',
    ...wholeNumber(20, 1),
    description:
      'Reminder and order emails one customer account may be sent a day (a UTC day, whatever time zone the customer ' +
      'chose); the rest are held back, counted and shown on their profile, never sent.',
  },
  RECIPIENT_MAIL_HOURLY_LIMIT: {
    group: 'Email',
    ...wholeNumber(3, 1, 1000),
    description:
      'Email-verification links and password resets (together) one address may be sent in any hour, whoever asks ' +
      'for them: sign-up, "send the link again" and forgot password alike. Past it the request gets the answer it ' +
      'always gets and nothing is sent, so an address someone else signed up with is not flooded.',
  },
  RECIPIENT_MAIL_DAILY_LIMIT: {
    group: 'Email',
    ...wholeNumber(10, 1, 1000),
    description: 'The same emails one address may be sent in any 24 hours (beside `RECIPIENT_MAIL_HOURLY_LIMIT`).',
  },
  ADMIN_EMAIL: {
    group: 'First admin',
    ...optionalText('email address'),
    description:
      'With `ADMIN_PASSWORD`: the admin created at start if missing (an existing one is left as it is). Set both ' +
      'or neither; with neither and no admin yet, `admin@localhost` gets a generated password ' +
      '([operations](operations.md#admin-accounts)).',
  },
  ADMIN_PASSWORD: {
    group: 'First admin',
    ...optionalText(),
    description:
      "That admin's password, held to the password rules (8 to 256 characters, not the email, not one character " +
      'repeated, not common). `npm run admin -- add` also reads it.',
  },
  ADMIN_SESSION_IDLE_MINUTES: {
    group: 'Limits',
    ...wholeNumber(30, 1, 1440),
    description:
      'Minutes an admin session may go unused before it ends (to within the minute its last use is recorded ' +
      'to). Applies to sessions signed in after a change.',
  },
  ADMIN_SESSION_MAX_HOURS: {
    group: 'Limits',
    ...wholeNumber(12, 1, 720),
    description:
      'Hours an admin session lasts from sign-in however busy it is. Customer sessions last 30 days and have ' +
      'no idle limit.',
  },
  ADMIN_TOTP_SECRET: {
    group: 'First admin',
    kind: 'base32, at least 16 characters',
    description:
      "With `ADMIN_EMAIL`: that admin's TOTP secret (RFC 6238, as an authenticator app takes it), set when it has no " +
      'second factor yet, so it signs in with codes from the start (provisioning, tests); unset: it enrols at its ' +
      'first sign-in ([operations](operations.md#second-factor)).',
    schema: z
      .string()
      .regex(/^[A-Z2-7]{16,}=*$/i, 'must be base32 (A-Z, 2-7), at least 16 characters')
      .optional(),
  },
  AUTH_RATE_LIMIT: {
    group: 'Limits',
    ...wholeNumber(10, 1),
    description:
      'Requests a minute per client address to each of sign-in (customer and admin), sign-up, forgot password and ' +
      'reset password.',
  },
  SIGN_IN_FREE_FAILURES: {
    group: 'Limits',
    ...wholeNumber(5, 1, 100),
    description:
      'Failed sign-ins from unknown devices an account (customer or admin, counted per email; for an admin, wrong ' +
      "codes too) may have before each further such attempt must wait; the account's owner is emailed when it starts. " +
      'A success from an unknown device, a reset or change of password, or a day without failures starts the count ' +
      'again. A browser that signed in before (a device credential) has as many free failures of its own.',
  },
  SIGN_IN_MAX_DELAY_SECONDS: {
    group: 'Limits',
    ...wholeNumber(900, 1, 86_400),
    description:
      'The longest wait between two sign-in attempts of a throttled account: the wait starts at 1 second and doubles ' +
      'with each further failure up to this, so a real owner is never locked out for longer.',
  },
  SIGN_IN_DEVICE_LOCKOUT_FAILURES: {
    group: 'Limits',
    ...wholeNumber(10, 2, 1000),
    description:
      'Failed sign-ins (and, for an admin, wrong codes) a device credential may have before it is deleted. A browser ' +
      "that signed in to an account before presents its credential and is held by its own failures, not by the account's " +
      'throttle (SIGN_IN_FREE_FAILURES free ones, then the same waits); past this many it is an unknown device again.',
  },
  SIGN_IN_DEVICE_DAYS: {
    group: 'Limits',
    ...wholeNumber(90, 1, 3650),
    description:
      'Days a device credential lasts after its last successful sign-in; then the browser is an unknown device and the ' +
      'purge deletes it.',
  },
  NOTE_RATE_LIMIT: {
    group: 'Limits',
    ...wholeNumber(5, 1),
    description: 'Requests a minute per client address to the public enquiry intake.',
  },
  ORDER_WRITE_RATE_LIMIT: {
    group: 'Limits',
    ...wholeNumber(60, 1),
    description: 'Order writes (place, edit and delete together) a minute per customer account.',
  },
  OCCASION_WRITE_RATE_LIMIT: {
    group: 'Limits',
    ...wholeNumber(60, 1),
    description: 'Occasion writes (add, edit and delete together) a minute per customer account.',
  },
  VERIFY_RESEND_RATE_LIMIT: {
    group: 'Limits',
    ...wholeNumber(5, 1),
    description:
      'Requests an hour per customer account to send the email-verification link again (beside `AUTH_RATE_LIMIT` ' +
      'a minute per client address).',
  },
  FEED_TOKEN_RATE_LIMIT: {
    group: 'Limits',
    ...wholeNumber(10, 1),
    description:
      'Reads a minute of one calendar feed address (its token), from whatever client addresses. Calendar apps ' +
      'poll every few hours; more than this is a copied address being hammered.',
  },
  FEED_ADDRESS_RATE_LIMIT: {
    group: 'Limits',
    ...wholeNumber(120, 1),
    description:
      'Calendar feed reads a minute per client address, of any feeds. Generous: a calendar service such as ' +
      "Google's fetches many customers' feeds from few addresses.",
  },
  RESUBSCRIBE_SIGN_IN_MINUTES: {
    group: 'Limits',
    ...wholeNumber(10, 1, 1440),
    description:
      "After reminder emails were turned off by an email's unsubscribe link, they can be turned on again only " +
      'from a session signed in within this many minutes (and for a verified address).',
  },
  MAX_OPEN_ORDERS: {
    group: 'Limits',
    ...wholeNumber(100, 1),
    description:
      'Orders a customer may have in progress (`new` or `processed`) at once; the next is refused with 409. ' +
      'Finished and rejected orders do not count.',
  },
  CLOSED_ORDERS_LIST_LIMIT: {
    group: 'Limits',
    ...wholeNumber(400, 0),
    description:
      'The most finished or rejected orders one getgifts answers (the latest by delivery date), beside every order ' +
      'in progress: the cost of one read stays bounded however long the history grows.',
  },
  LEAD_DAYS_NONE: leadDays(7, 'a curated gift (the default option None)'),
  LEAD_DAYS_FLOWERS: leadDays(2, 'flowers'),
  LEAD_DAYS_CHOCOLATE: leadDays(3, 'chocolate'),
  LEAD_DAYS_CAKE: leadDays(3, 'a cake'),
  LEAD_DAYS_GIFTCARD: leadDays(1, 'a gift card'),
  MAX_OCCASIONS: {
    group: 'Limits',
    ...wholeNumber(500, 1),
    description: 'Occasions one customer may keep; the next is refused with 409.',
  },
  MAX_PEOPLE: {
    group: 'Limits',
    ...wholeNumber(500, 1),
    description: 'People one customer may keep; the next is refused with 409.',
  },
  MAX_DATES_PER_PERSON: {
    group: 'Limits',
    ...wholeNumber(20, 1),
    description: 'Dates one person may have (each also counts toward `MAX_OCCASIONS`); the next is refused with 409.',
  },
  MAX_GIFT_IDEAS_PER_PERSON: {
    group: 'Limits',
    ...wholeNumber(50, 1),
    description: 'Gift ideas one person may have; the next is refused with 409.',
  },
  REQUEST_TIMEOUT_MS: {
    group: 'Connections',
    ...wholeNumber(30_000, 1000, 600_000),
    description: 'Milliseconds a client has to send its whole request; a slower one gets 408 and is disconnected.',
  },
  HEADERS_TIMEOUT_MS: {
    group: 'Connections',
    ...wholeNumber(10_000, 500, 600_000),
    description: 'Milliseconds a client has to send its headers; at most `REQUEST_TIMEOUT_MS`.',
  },
  CONNECTION_TIMEOUT_MS: {
    group: 'Connections',
    ...wholeNumber(60_000, 1000, 600_000),
    description:
      'Milliseconds a connection may pass with no byte either way while a request is under way (a client that stops ' +
      'reading its answer) before it is closed.',
  },
  KEEP_ALIVE_TIMEOUT_MS: {
    group: 'Connections',
    ...wholeNumber(72_000, 1000, 600_000),
    description:
      "Milliseconds an answered connection may wait idle for its next request. Keep it longer than the proxy's " +
      'own idle timeout (60 s for nginx and most load balancers), so the server never closes a connection the proxy ' +
      'is reusing; lower it (e.g. `5000`) when clients connect directly.',
  },
  TOTP_ENCRYPTION_KEY: {
    group: 'Security',
    kind: '32 bytes in base64 (44 characters)',
    description:
      "The key the admins' TOTP secrets are encrypted with in the database (AES-256-GCM), e.g. from " +
      '`openssl rand -base64 32`; keep it out of backups of the database. Unset: the secrets are stored as they are, ' +
      'and a warning is logged at start ([decision 0016](decisions/0016-totp-secrets-encrypted-with-a-key-from-the-environment.md)).',
    schema: z
      .string()
      .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes written in base64')
      .optional(),
  },
  ADMIN_FRESH_FACTOR_MINUTES: {
    group: 'Security',
    ...wholeNumber(5, 1, 720),
    description:
      'Minutes after a TOTP or recovery code in which an admin session may make the calls decision 0044 gates (the ' +
      'order list, View Order, the CSV export, the enquiries, every rejection, erasing a customer); later it must ' +
      'confirm a code again (`POST /api/admin/2fa/verify`).',
  },
  REMINDER_SWEEP_SECONDS: {
    group: 'Background jobs and retention',
    ...wholeNumber(300, 1, 86_400),
    description:
      'Seconds between two reminder runs of each server (each sends the reminders that fell due since the last).',
  },
  SESSION_RETENTION_DAYS: {
    group: 'Background jobs and retention',
    ...wholeNumber(7, 0, 3650),
    description: 'Days a session is kept after it expired or was revoked; then the purge deletes it.',
  },
  RESET_LINK_RETENTION_DAYS: {
    group: 'Background jobs and retention',
    ...wholeNumber(7, 0, 3650),
    description:
      'Days a password-reset or email-verification link (used or not) is kept after it expired; then the purge ' +
      "deletes it. The same for a reminder email's unsubscribe link (which lasts 90 days).",
  },
  SENT_MAIL_RETENTION_DAYS: {
    group: 'Background jobs and retention',
    ...wholeNumber(30, 0, 3650),
    description:
      "Days a sent email's record (recipient, subject) is kept after sending, and a failed one's after its last " +
      'attempt; then the purge deletes it.',
  },
  PURGE_INTERVAL_MINUTES: {
    group: 'Background jobs and retention',
    ...wholeNumber(60, 1, 10_080),
    description:
      'Minutes between two purges of what is past its retention; of several servers on one database, one runs ' +
      'each ([operations](operations.md#retention)).',
  },
  METRICS_PORT: {
    group: 'Metrics and benchmarks',
    kind: 'whole number, 1 to 65535, or empty',
    description:
      'Serves `GET /metrics` (Prometheus text format) on this port, never on `PORT`, which it must differ from; ' +
      'unset or empty: `/metrics` is not served at all ([operations](operations.md#metrics)).',
    // Empty counts as unset, as .env.example writes it.
    schema: z.coerce.number().int().min(1).max(65535).optional(),
  },
  METRICS_HOST: {
    group: 'Metrics and benchmarks',
    ...nonEmptyText('127.0.0.1'),
    description:
      'The interface `/metrics` listens on: loopback, so only this machine reaches it; `0.0.0.0` (or one private ' +
      'address) when the scraper runs elsewhere, with the port closed to the public at the firewall.',
  },
  BENCH_ROUTES: {
    group: 'Metrics and benchmarks',
    ...flag(),
    description: 'Adds `GET /bench/hello`, the hello-world baseline of `npm run bench`. Keep it off in production.',
  },
} satisfies Record<string, Setting>;

type SettingName = keyof typeof SETTINGS;

/** Every setting by name, in the table's order, each seen as a plain Setting (for the doc and the checks). */
export const SETTING_LIST: readonly (readonly [string, Setting])[] = Object.entries(SETTINGS);

/** The object schema of the whole environment, each variable parsed by its setting's schema. */
function environmentSchema() {
  const shape = Object.fromEntries(SETTING_LIST.map(([name, setting]) => [name, setting.schema]));
  // Object.fromEntries loses the keys' types; the entries are exactly SETTINGS' own.
  return z.object(shape as { [K in SettingName]: (typeof SETTINGS)[K]['schema'] });
}

const envSchema = environmentSchema();

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
  adminTotpSecret?: string;
  /** Null: TOTP secrets are stored unencrypted (a warning is logged at start). */
  totpEncryptionKey: Buffer | null;
  adminFreshFactorMinutes: number;
  /** The account's throttle of unknown devices, and each device credential's own (decision 0041). */
  signInThrottle: { freeFailures: number; maxDelaySeconds: number; deviceLockoutFailures: number; deviceDays: number };
  logLevel: string;
  trustProxy: boolean;
  authRateLimit: number;
  /** How long an admin session lasts unused, and in all (ADMIN_SESSION_IDLE_MINUTES, ADMIN_SESSION_MAX_HOURS). */
  adminSession: { idleMinutes: number; maxMinutes: number };
  noteRateLimit: number;
  orderWriteRateLimit: number;
  maxOpenOrders: number;
  /** Days of preparation per default option (LEAD_DAYS_*). */
  leadDays: LeadDays;
  occasionWriteRateLimit: number;
  /** Email verification: how long a link works, and how often a customer may ask for another (an hour). */
  emailVerification: { linkHours: number; resendPerHour: number };
  /** Reminder and order emails a customer may be sent a day (a UTC day). */
  mailDailyLimit: number;
  /** Verification and password-reset emails one address may be sent in any hour and any 24 hours. */
  recipientMailCap: RecipientCap;
  feedTokenRateLimit: number;
  feedAddressRateLimit: number;
  resubscribeSignInMinutes: number;
  reminderSweepMs: number;
  maxOccasions: number;
  /** What one customer may keep of people (MAX_PEOPLE, MAX_DATES_PER_PERSON, MAX_GIFT_IDEAS_PER_PERSON). */
  peopleLimits: PeopleLimits;
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

export interface PeopleLimits {
  people: number;
  datesPerPerson: number;
  ideasPerPerson: number;
}

/** How many verification and password-reset emails one address may be sent in any hour, and any 24 hours. */
export interface RecipientCap {
  perHour: number;
  perDay: number;
}

export interface RetentionDays {
  sessions: number;
  resetLinks: number;
  sentMail: number;
}

/** The environment's settings, an empty value left out (unset) unless the setting gives it a meaning of its own. */
function withoutEmptyValues(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const meaningfulEmpty = new Set(SETTING_LIST.filter(([, s]) => s.emptyHasMeaning).map(([name]) => name));
  return Object.fromEntries(Object.entries(env).filter(([name, value]) => value !== '' || meaningfulEmpty.has(name)));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(withoutEmptyValues(env));
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
    databaseUrl: e.DATABASE_URL,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailPollMs: e.MAIL_POLL_MS,
    mailMaxAttempts: e.MAIL_MAX_ATTEMPTS,
    mailRetryMs: e.MAIL_RETRY_MS,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    adminTotpSecret: e.ADMIN_TOTP_SECRET ? e.ADMIN_TOTP_SECRET.replace(/=+$/, '').toUpperCase() : undefined,
    totpEncryptionKey: e.TOTP_ENCRYPTION_KEY ? Buffer.from(e.TOTP_ENCRYPTION_KEY, 'base64') : null,
    adminFreshFactorMinutes: e.ADMIN_FRESH_FACTOR_MINUTES,
    signInThrottle: {
      freeFailures: e.SIGN_IN_FREE_FAILURES,
      maxDelaySeconds: e.SIGN_IN_MAX_DELAY_SECONDS,
      deviceLockoutFailures: e.SIGN_IN_DEVICE_LOCKOUT_FAILURES,
      deviceDays: e.SIGN_IN_DEVICE_DAYS,
    },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    authRateLimit: e.AUTH_RATE_LIMIT,
    adminSession: { idleMinutes: e.ADMIN_SESSION_IDLE_MINUTES, maxMinutes: e.ADMIN_SESSION_MAX_HOURS * 60 },
    noteRateLimit: e.NOTE_RATE_LIMIT,
    orderWriteRateLimit: e.ORDER_WRITE_RATE_LIMIT,
    maxOpenOrders: e.MAX_OPEN_ORDERS,
    leadDays: {
      None: e.LEAD_DAYS_NONE,
      Flowers: e.LEAD_DAYS_FLOWERS,
      Chocolate: e.LEAD_DAYS_CHOCOLATE,
      Cake: e.LEAD_DAYS_CAKE,
      Giftcard: e.LEAD_DAYS_GIFTCARD,
    },
    occasionWriteRateLimit: e.OCCASION_WRITE_RATE_LIMIT,
    emailVerification: { linkHours: e.EMAIL_VERIFY_LINK_HOURS, resendPerHour: e.VERIFY_RESEND_RATE_LIMIT },
    mailDailyLimit: e.MAIL_DAILY_LIMIT,
    recipientMailCap: { perHour: e.RECIPIENT_MAIL_HOURLY_LIMIT, perDay: e.RECIPIENT_MAIL_DAILY_LIMIT },
    feedTokenRateLimit: e.FEED_TOKEN_RATE_LIMIT,
    feedAddressRateLimit: e.FEED_ADDRESS_RATE_LIMIT,
    resubscribeSignInMinutes: e.RESUBSCRIBE_SIGN_IN_MINUTES,
    reminderSweepMs: e.REMINDER_SWEEP_SECONDS * 1000,
    maxOccasions: e.MAX_OCCASIONS,
    peopleLimits: {
      people: e.MAX_PEOPLE,
      datesPerPerson: e.MAX_DATES_PER_PERSON,
      ideasPerPerson: e.MAX_GIFT_IDEAS_PER_PERSON,
    },
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
