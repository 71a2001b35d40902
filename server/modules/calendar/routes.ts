import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { ok, storable } from '#contract/fields';
import { calendarAnswer } from '#contract/preferences';

import { notFound } from '../../lib/errors';
import { answers } from '../../plugins/openapi';
import { sessionOf, sessionScope } from '../accounts/sessionAuth';
import { calendarFeed } from './feed';
import { feedToken, rotateFeedToken } from './feedTokens';

const feedParams = z.strictObject({ file: storable(z.string().max(210), 'file') });

/**
 * The calendar feed (docs/api.md): the customer's occasions and order dates as iCalendar, opened by its own token,
 * and the calls that give and change its private address.
 */
const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['occasions and reminders'];
  const security = [{ customerToken: [] }];
  const feedUrl = (token: string) => `${app.config.publicUrl}/api/calendar/${token}.ics`;

  // Public, by token: calendar apps subscribe without a session; the token opens this feed and nothing else.
  app.get(
    '/api/calendar/:file',
    {
      schema: {
        tags,
        summary: "The customer's occasions and order dates as iCalendar (the address from GET /api/calendar)",
        params: feedParams,
        response: { 404: answers(ok, [404])[404] },
      },
    },
    async (request, reply) => {
      const token = /^(.+)\.ics$/.exec(request.params.file)?.[1];
      const ics = token ? await calendarFeed(app.db, token, app.config.publicUrl) : null;
      if (ics === null) throw notFound('Calendar');
      return reply.type('text/calendar; charset=utf-8').send(ics);
    },
  );

  await app.register(
    sessionScope('customer', async (app) => {
      app.get(
        '/api/calendar',
        {
          schema: {
            tags,
            summary: "The private address of the caller's calendar feed",
            security,
            response: answers(calendarAnswer, [401]),
          },
        },
        async (request) => ({
          success: true as const,
          url: feedUrl(await feedToken(app.db, sessionOf(request).subjectId)),
        }),
      );

      app.post(
        '/api/calendar/rotate',
        {
          schema: {
            tags,
            summary: 'A new feed address; the old one answers 404 from now on',
            security,
            response: answers(calendarAnswer, [401]),
          },
        },
        async (request) => ({
          success: true as const,
          url: feedUrl(await rotateFeedToken(app.db, sessionOf(request).subjectId)),
        }),
      );
    }),
  );
};

export default calendarRoutes;
