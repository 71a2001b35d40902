import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';

import type { Db } from '../db/db';
import { HttpError } from '../lib/errors';
import { hashToken } from '../lib/secrets';
import { countHit, countHits, deleteEndedWindows } from './rateLimitHits';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database counter behind every rate limit (limitTogether's hooks count with it). */
    rateLimitCounter: DatabaseCounter;
  }
}

/** How often each server deletes the rows of ended windows (before its next counted request). */
const SWEEP_EVERY_MS = 60_000;

type Counted = { current: number; ttl: number };

/**
 * The limits counted per customer account by a limiter of app.rateLimit() (key `<limit>:<customer id>`, scope
 * 'shared'). Listed here so that erasing an account deletes its counts too (modules/privacy/erasure.ts).
 */
export const PER_CUSTOMER_LIMITS = ['orders', 'occasions', 'export'] as const;
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

  /** Several keys' hits in one statement, in the order given. */
  async hitAll(keys: string[], windowMs: number): Promise<Counted[]> {
    await this.sweepIfDue();
    const counts = await countHits(this.db, keys.map(hashToken), windowMs);
    return counts.map(({ hits, ttlMs }) => ({ current: hits, ttl: ttlMs }));
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
  app.decorate('rateLimitCounter', counter);
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

/** One of limitTogether's limits: the key a request counts under (saying what it counts), and its most per window. */
export interface KeyedLimit {
  key: (request: FastifyRequest) => string;
  max: number;
}

/**
 * An onRequest hook for a route with several limits (say, per token and per client address), all counted in one
 * statement where as many app.rateLimit() limiters would take a round trip each. Over any of them: 429 with
 * Retry-After. Fails open on a database error, as the plugin's limits do.
 */
export function limitTogether(
  app: FastifyInstance,
  { limits, windowMs, what }: { limits: KeyedLimit[]; windowMs: number; what: string },
): onRequestAsyncHookHandler {
  return async (request, reply) => {
    let counts: Counted[];
    try {
      counts = await app.rateLimitCounter.hitAll(
        limits.map((l) => l.key(request)),
        windowMs,
      );
    } catch (err) {
      request.log.warn({ err }, 'rate limit not counted (database error): request let through');
      return;
    }
    const waits = counts.filter((c, i) => c.current > limits[i].max).map((c) => c.ttl);
    if (waits.length === 0) return;
    const seconds = Math.max(1, Math.ceil(Math.max(...waits) / 1000));
    reply.header('retry-after', String(seconds));
    throw new HttpError(429, `Too many requests ${what}. Please wait ${seconds} seconds and try again.`);
  };
}
