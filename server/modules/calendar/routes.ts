import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { api } from '#contract/api';

import { apiRoute } from '../../lib/apiRoute';
import { notFound } from '../../lib/errors';
import { sessionOf, sessionScope } from '../accounts/sessionAuth';
import { calendarFeed } from './feed';
import { feedToken, rotateFeedToken } from './feedTokens';

/**
 * The calendar feed (docs/api.md): the customer's occasions and order dates as iCalendar, opened by its own token,
 * and the calls that give and change its private address.
 */
const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const feedUrl = (token: string) => `${app.config.publicUrl}/api/calendar/${token}.ics`;

  // Public, by token: calendar apps subscribe without a session; the token opens this feed and nothing else.
  apiRoute(app, api.calendarFeed, {}, async (request, reply) => {
    const token = /^(.+)\.ics$/.exec(request.params.file)?.[1];
    const ics = token ? await calendarFeed(app.db, token, app.config.publicUrl) : null;
    if (ics === null) throw notFound('Calendar');
    return reply.type('text/calendar; charset=utf-8').send(ics);
  });

  await app.register(
    sessionScope('customer', async (app) => {
      apiRoute(app, api.getCalendarUrl, {}, async (request) => ({
        success: true as const,
        url: feedUrl(await feedToken(app.db, sessionOf(request).subjectId)),
      }));

      apiRoute(app, api.rotateCalendarUrl, {}, async (request) => ({
        success: true as const,
        url: feedUrl(await rotateFeedToken(app.db, sessionOf(request).subjectId)),
      }));
    }),
  );
};

export default calendarRoutes;
