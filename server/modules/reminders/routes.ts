import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { api } from '#contract/api';

import { apiRoute } from '../../lib/apiRoute';
import { notFound } from '../../lib/errors';
import { profileUrl } from '../mail/siteLinks';
import { unsubscribeReminders } from './unsubscribe';

/** The pages' stylesheet: their Content-Security-Policy (style-src 'self') allows no inline style. */
const PAGE_CSS = 'body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}\n';

/** A bare page (titles are our own literals) for a person who opened an unsubscribe link (the mail client's one-click POST needs none). */
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>${title} | Giftwise</title><link rel="stylesheet" href="${api.unsubscribeStyles.path}"></head><body>` +
  `<h1>${title}</h1>${body}</body></html>`;

/** Sends a page to a person's browser, which asked for HTML rather than the call's JSON answer. */
function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).type('text/html; charset=utf-8').send(html);
}

/** The reminder email's one-click unsubscribe (opened by the email's token, no sign-in). */
const reminderRoutes: FastifyPluginAsyncZod = async (app) => {
  // One-click unsubscribe (RFC 8058): mail clients POST "List-Unsubscribe=One-Click" as a form; the body
  // says nothing we need, so any form body is read and ignored.
  const unsubscribeRoutes: FastifyPluginAsyncZod = async (unsubscribe) => {
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
      unsubscribe.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_req, _body, done) =>
        done(null, undefined),
      );
    }
    // The reader came from an email: the profile, where reminders are turned on again, is a link.
    const yourProfile = `<a href="${profileUrl(app.config.publicUrl)}">your profile</a>`;
    apiRoute(unsubscribe, api.unsubscribeReminders, {}, async (request, reply) => {
      const done = await unsubscribeReminders(app.db, request.params.token);
      if (request.headers.accept?.includes('text/html')) {
        return sendPage(
          reply,
          done ? 200 : 404,
          done
            ? page(
                'Reminder emails are off',
                `<p>You will get no more reminder emails. Turn them on again on ${yourProfile}.</p>`,
              )
            : page(
                'Link not valid',
                `<p>This unsubscribe link is not valid. Change your preferences on ${yourProfile}.</p>`,
              ),
        );
      }
      if (!done) throw notFound('Unsubscribe link');
      return { success: true as const };
    });
    // Opening the link only asks: a mail scanner that fetches it unsubscribes no one.
    apiRoute(unsubscribe, api.unsubscribePage, {}, async (request, reply) =>
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

  apiRoute(app, api.unsubscribeStyles, {}, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=86400').send(PAGE_CSS),
  );
};

export default reminderRoutes;
