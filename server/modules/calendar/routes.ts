import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { api } from '#contract/api';

import { apiRoute } from '../../lib/apiRoute';
import { notFound } from '../../lib/errors';
import { ifNoneMatchHits } from '../../lib/etag';
import { hashToken } from '../../lib/secrets';
import { limitTogether } from '../../plugins/rateLimits';
import { sessionOf, sessionScope } from '../accounts/sessionAuth';
import { calendarFeed, FEED_FORMAT } from './feed';
import { findFeed, hasFeed, newFeedToken } from './feedTokens';

/** The token in a feed address's last segment (`<token>.ics`), or null. */
const tokenOf = (file: string) => /^(.+)\.ics$/.exec(file)?.[1] ?? null;

/**
 * The calendar feed (docs/api.md): the customer's occasions and order dates as iCalendar, opened by its own token,
 * and the calls that say whether it exists and make a new address.
 */
const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const feedUrl = (token: string) => `${app.config.publicUrl}/api/calendar/${token}.ics`;

  // Each read of a large feed is costly: limited per address token (whoever holds it) and per client address,
  // both counted in one statement, before the token is even looked up.
  const feedLimit = limitTogether(app, {
    limits: [
      {
        key: (request: FastifyRequest) => `feed-token\n${(request.params as { file?: string }).file ?? ''}`,
        max: app.config.feedTokenRateLimit,
      },
      { key: (request: FastifyRequest) => `feed-address\n${request.ip}`, max: app.config.feedAddressRateLimit },
    ],
    windowMs: 60_000,
    what: 'for this calendar feed',
  });

  // Public, by token: calendar apps subscribe without a session; the token opens this feed and nothing else.
  apiRoute(app, api.calendarFeed, { onRequest: feedLimit }, async (request, reply) => {
    const token = tokenOf(request.params.file);
    const feed = token ? await findFeed(app.db, hashToken(token)) : null;
    if (!feed) throw notFound('Calendar');
    // The version changes with every write to what the feed shows (migration: occasions_version,
    // orders_version), so a calendar app holding the current feed gets 304 without the feed being built;
    // the format, with a change in how the feed is written.
    const etag = `W/"${FEED_FORMAT}.${feed.version}"`;
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    if (ifNoneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send();
    const ics = await calendarFeed(app.db, feed.userId, app.config.publicUrl);
    return reply.type('text/calendar; charset=utf-8').send(ics);
  });

  await app.register(
    sessionScope('customer', async (app) => {
      apiRoute(app, api.getCalendarUrl, {}, async (request) => ({
        success: true as const,
        active: await hasFeed(app.db, sessionOf(request).subjectId),
      }));

      // The only answer that shows the address: the database keeps its hash.
      apiRoute(app, api.rotateCalendarUrl, {}, async (request) => ({
        success: true as const,
        url: feedUrl(await newFeedToken(app.db, sessionOf(request).subjectId)),
      }));
    }),
  );
};

export default calendarRoutes;
