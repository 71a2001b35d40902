import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { ok, storable } from '#contract/fields';

import { notFound } from '../../lib/errors';
import { answers } from '../../plugins/openapi';
import { unsubscribeReminders } from './unsubscribe';

const tokenParams = z.strictObject({ token: storable(z.string().max(200), 'token') });

/** A bare page (titles are our own literals) for a person who opened an unsubscribe link (the mail client's one-click POST needs none). */
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>${title} | Giftwise</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem">` +
  `<h1>${title}</h1>${body}</body></html>`;

/** The reminder email's one-click unsubscribe (opened by the email's token, no sign-in). */
const reminderRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['occasions and reminders'];

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
};

export default reminderRoutes;
