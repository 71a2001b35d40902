import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { ok, storable } from '#contract/fields';
import {
  addOccasionAnswer,
  occasionFields,
  occasionIdParams,
  occasionList,
  occasionUpdate,
  upcomingAnswer,
  upcomingQuery,
} from '#contract/occasions';
import { calendarAnswer, preferencesAnswer, preferencesUpdate } from '#contract/preferences';

import { notFound } from '../errors';
import { sessionOf, sessionScope } from '../plugins/auth';
import { answers } from '../plugins/openapi';
import { calendarFeed } from '../services/calendarFeed';
import { addOccasion, deleteOccasion, listOccasions, upcomingOccurrences, updateOccasion } from '../services/occasions';
import {
  feedToken,
  getPreferences,
  rotateFeedToken,
  unsubscribeReminders,
  updatePreferences,
} from '../services/preferences';

const tokenParams = z.strictObject({ token: storable(z.string().max(200), 'token') });
const feedParams = z.strictObject({ file: storable(z.string().max(210), 'file') });

/** A bare page (titles are our own literals) for a person who opened an unsubscribe link (the mail client's one-click POST needs none). */
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>${title} | Giftwise</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem">` +
  `<h1>${title}</h1>${body}</body></html>`;

/**
 * Occasions and their reminders (docs/api.md): the customer's occasions and coming dates, preferences,
 * the calendar feed (opened by its own token) and the one-click unsubscribe (opened by the email's token).
 */
const occasionRoutes: FastifyPluginAsyncZod = async (app) => {
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

  // One-click unsubscribe (RFC 8058): mail clients POST "List-Unsubscribe=One-Click" as a form; the body
  // says nothing we need, so any form body is read and ignored.
  const unsubscribeRoutes: FastifyPluginAsyncZod = async (unsubscribe) => {
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
      unsubscribe.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_req, _body, done) =>
        done(null, undefined),
      );
    }
    unsubscribe.post(
      '/api/reminders/unsubscribe/:token',
      {
        schema: {
          tags,
          summary: 'Turn reminder emails off (the link of a reminder email; no sign-in)',
          params: tokenParams,
          response: answers(ok, [404]),
        },
      },
      async (request, reply) => {
        const done = await unsubscribeReminders(app.db, request.params.token);
        if (request.headers.accept?.includes('text/html')) {
          return reply
            .code(done ? 200 : 404)
            .type('text/html; charset=utf-8')
            .send(
              done
                ? page(
                    'Reminder emails are off',
                    '<p>You will get no more reminder emails. Turn them on again on your profile.</p>',
                  )
                : page(
                    'Link not valid',
                    '<p>This unsubscribe link is not valid. Change your preferences on your profile.</p>',
                  ),
            );
        }
        if (!done) throw notFound('Unsubscribe link');
        return { success: true as const };
      },
    );
    // Opening the link only asks: a mail scanner that fetches it unsubscribes no one.
    unsubscribe.get(
      '/api/reminders/unsubscribe/:token',
      { schema: { tags, summary: 'A page asking to confirm turning reminder emails off', params: tokenParams } },
      async (request, reply) =>
        reply
          .type('text/html; charset=utf-8')
          .send(
            page(
              'Stop reminder emails?',
              `<form method="post" action="/api/reminders/unsubscribe/${encodeURIComponent(request.params.token)}">` +
                '<p>Giftwise will no longer email you ahead of your occasions.</p>' +
                '<button type="submit">Stop reminder emails</button></form>',
            ),
          ),
    );
  };
  await app.register(unsubscribeRoutes);

  await app.register(
    sessionScope('customer', async (app) => {
      app.get(
        '/api/occasions',
        {
          schema: {
            tags,
            summary: "The caller's occasions, by date",
            security,
            response: answers(occasionList, [401]),
          },
        },
        async (request) => ({
          success: true as const,
          data: await listOccasions(app.db, sessionOf(request).subjectId),
        }),
      );

      app.get(
        '/api/occasions/upcoming',
        {
          schema: {
            tags,
            summary:
              "The caller's occasions in the next `days` days (default 60), soonest first, with the order covering each",
            security,
            querystring: upcomingQuery,
            response: answers(upcomingAnswer, [400, 401]),
          },
        },
        async (request) => ({
          success: true as const,
          data: await upcomingOccurrences(app.db, sessionOf(request).subjectId, request.query.days),
        }),
      );

      app.post(
        '/api/occasions',
        {
          schema: {
            tags,
            summary: 'Add an occasion',
            security,
            body: occasionFields,
            response: answers(addOccasionAnswer, [400, 401, 409, 413], 201),
          },
        },
        async (request, reply) => {
          const _id = await addOccasion(app.db, sessionOf(request).subjectId, request.body, app.config.maxOccasions);
          return reply.code(201).send({ success: true, _id });
        },
      );

      app.put(
        '/api/occasions/:id',
        {
          schema: {
            tags,
            summary: 'Replace the whole occasion',
            security,
            params: occasionIdParams,
            body: occasionUpdate,
            response: answers(ok, [400, 401, 404, 413]),
          },
        },
        async (request) => {
          const { _id: _ignored, ...fields } = request.body;
          await updateOccasion(app.db, sessionOf(request).subjectId, request.params.id, fields);
          return { success: true as const };
        },
      );

      app.delete(
        '/api/occasions/:id',
        {
          schema: {
            tags,
            summary: 'Delete the occasion',
            security,
            params: occasionIdParams,
            response: answers(ok, [401, 404]),
          },
        },
        async (request) => {
          await deleteOccasion(app.db, sessionOf(request).subjectId, request.params.id);
          return { success: true as const };
        },
      );

      app.get(
        '/api/auth/preferences',
        {
          schema: {
            tags,
            summary: 'Reminder and order emails, and the time zone',
            security,
            response: answers(preferencesAnswer, [401]),
          },
        },
        async (request) => ({
          success: true as const,
          ...(await getPreferences(app.db, sessionOf(request).subjectId)),
        }),
      );

      app.put(
        '/api/auth/preferences',
        {
          schema: {
            tags,
            summary: 'Change any of the preferences (those left out keep their value)',
            security,
            body: preferencesUpdate,
            response: answers(preferencesAnswer, [400, 401, 413]),
          },
        },
        async (request) => {
          const { success: _ignored, ...changes } = request.body;
          const userId = sessionOf(request).subjectId;
          await updatePreferences(app.db, userId, changes);
          return { success: true as const, ...(await getPreferences(app.db, userId)) };
        },
      );

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

export default occasionRoutes;
