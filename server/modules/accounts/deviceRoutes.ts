import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { api } from '#contract/api';

import { apiRoute } from '../../lib/apiRoute';
import { HttpError } from '../../lib/errors';
import { sessionOf } from './sessionAuth';
import { listSessions, revokeOtherSessions, revokeSessionById } from './sessions';

/**
 * Signed-in devices (docs/api.md): the list, one sign-out by public id and "everywhere else", for customers
 * (/api/auth/sessions) and admins (/api/admin/sessions). Registered inside each area's session scope, so a call
 * acts on the caller's own account and kind only: another's session id is a 404 like an unknown one.
 */

const NOT_FOUND = 'No such signed-in session';

async function endOne(request: FastifyRequest, id: string) {
  const ended = await revokeSessionById(request.server.db, sessionOf(request), id);
  if (!ended) throw new HttpError(404, NOT_FOUND);
  return { success: true as const };
}

export const customerDeviceRoutes: FastifyPluginAsyncZod = async (app) => {
  apiRoute(app, api.listSessions, {}, async (request) => ({
    success: true,
    sessions: await listSessions(app.db, sessionOf(request)),
  }));
  apiRoute(app, api.endSession, {}, (request) => endOne(request, request.params.id));
  apiRoute(app, api.endOtherSessions, {}, async (request) => ({
    success: true,
    signedOut: await revokeOtherSessions(app.db, sessionOf(request)),
  }));
};

export const adminDeviceRoutes: FastifyPluginAsyncZod = async (app) => {
  apiRoute(app, api.listAdminSessions, {}, async (request) => ({
    success: true,
    sessions: await listSessions(app.db, sessionOf(request)),
  }));
  apiRoute(app, api.endAdminSession, {}, (request) => endOne(request, request.params.id));
  apiRoute(app, api.endOtherAdminSessions, {}, async (request) => ({
    success: true,
    signedOut: await revokeOtherSessions(app.db, sessionOf(request)),
  }));
};
