import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

import type { Db } from '../db/db';
import { HttpError } from '../lib/errors';
import { hashToken } from '../lib/secrets';
import { countHit, deleteEndedWindows } from './rateLimitHits';

/** How often each server deletes the rows of ended windows (before its next counted request). */
const SWEEP_EVERY_MS = 60_000;

type Counted = { current: number; ttl: number };

/**
 * The limits counted per customer account by a limiter of app.rateLimit() (key `<limit>:<customer id>`, scope
 * 'shared'). Listed here so that erasing an account deletes its counts too (modules/privacy/erasure.ts).
 */
export const PER_CUSTOMER_LIMITS = ['orders', 'export'] as const;
export type PerCustomerLimit = (typeof PER_CUSTOMER_LIMITS)[number];
export const perCustomerKey = (limit: PerCustomerLimit, userId: string) => `${limit}:${userId}`;

/** A count's key as stored (rate_limit_hits.key): hashed, so the table holds no client address nor account id. */
export const storedKey = (scope: string, key: string) => hashToken(`${scope}\n${key}`);
/** The stored key of a limiter made by app.rateLimit(), whose scope is 'shared'. */
export const storedSharedKey = (key: string) => storedKey('shared', key);

/** Counts in the database (services/rateLimitHits.ts), so every server on it shares one count per key. */
class DatabaseCounter {
  private nextSweepAt = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Counts a hit of a stored key (storedKey). */
  async hit(key: string, windowMs: number): Promise<Counted> {
    await this.sweepIfDue();
    const { hits, ttlMs } = await countHit(this.db, key, windowMs);
    return { current: hits, ttl: ttlMs };
  }

  /** Once a minute per server: cheap (the table holds one row per client active in the last window). */
  private async sweepIfDue(): Promise<void> {
    if (Date.now() < this.nextSweepAt) return;
    this.nextSweepAt = Date.now() + SWEEP_EVERY_MS;
    await deleteEndedWindows(this.db).catch((err: unknown) =>
      this.log.warn({ err }, 'rate limit: could not delete ended windows'),
    );
  }
}

/** What @fastify/rate-limit's routeOptions hold for a child store: the route, or nothing for app.rateLimit(). */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * @fastify/rate-limit's store interface over the database counter. Each route's limit is a child with its own
 * scope (as the in-memory store keeps a store per route), so sign-in and sign-up count apart for one address.
 * Limiters made by app.rateLimit() have no route and share the scope 'shared': their keys must say what they
 * count (routes/gifts.ts: `orders:<customer id>`).
 */
class DatabaseStore implements FastifyRateLimitStore {
  constructor(
    private readonly counter: DatabaseCounter,
    private readonly log: FastifyBaseLogger,
    private readonly scope: string,
  ) {}

  incr(key: string, callback: (error: Error | null, result?: Counted) => void, timeWindow: number): void {
    this.counter.hit(storedKey(this.scope, key), timeWindow).then(
      (counted) => callback(null, counted),
      (err: Error) => {
        this.log.warn({ err }, 'rate limit not counted (database error): request let through');
        callback(err);
      },
    );
  }

  child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    const route = (options as unknown as ChildOptions).routeInfo;
    const scope = route?.url ? `${String(route.method)} ${route.url}` : 'shared';
    return new DatabaseStore(this.counter, this.log, scope);
  }
}

/**
 * @fastify/rate-limit with its counts in app.db (register after the database): no global limit; routes opt in
 * with `config: { rateLimit }` or share one limiter made by app.rateLimit(). Its answers (429, the x-ratelimit-*
 * and retry-after headers) are the plugin's own; the message is ours.
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  const counter = new DatabaseCounter(app.db, app.log);
  await app.register(rateLimit, {
    global: false,
    store: class extends DatabaseStore {
      constructor() {
        super(counter, app.log, 'global');
      }
    },
    // Fail open: when the database cannot count, the request goes on and a warning is logged. Every limited call
    // needs the database itself, so while it is down the call fails on its own, with its own answer; a 429 or a
    // 500 from here would tell the client something false, and a fault in this table alone (say, dropped by
    // hand) would close sign-in to everyone.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`),
  });
}
