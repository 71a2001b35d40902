import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { AUTH_HEADER } from '#contract/http';

import { HttpError } from '../../lib/errors';
import { deviceAfterSignIn } from './deviceCredentials';
import { sessionDevice } from './sessionDevice';
import {
  createSession,
  CUSTOMER_SESSION_LIFETIME,
  findSession,
  type AdminSessionStart,
  type Session,
  type SessionKind,
} from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}

const SIGN_IN_AGAIN: Record<SessionKind, string> = {
  customer: 'Please sign in again',
  admin: 'Please sign in as an admin again',
};

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('session', null);
}

/**
 * Signs `subjectId` in from this request: a new session of `kind` with its kind's lifetime (an admin's from
 * ADMIN_SESSION_IDLE_MINUTES and ADMIN_SESSION_MAX_HOURS) and the device's names and address for the devices list.
 */
export function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  kind: SessionKind,
  subjectId: string,
  start: AdminSessionStart = {},
  deviceTokenHash: string | null = null,
): Promise<string> {
  const lifetime = kind === 'admin' ? app.config.adminSession : CUSTOMER_SESSION_LIFETIME;
  const device = sessionDevice(request.headers['user-agent'], request.ip);
  return createSession(app.db, kind, subjectId, { lifetime, device, start, deviceTokenHash });
}

/**
 * Signs `subjectId` in after a successful sign-in (or sign-up): the browser's device credential (the valid one it
 * presented, `known`, or a new one answered as `deviceToken`), then a session that records it.
 */
export async function startSignedInSession(
  app: FastifyInstance,
  request: FastifyRequest,
  kind: SessionKind,
  subjectId: string,
  known: string | null,
  start: AdminSessionStart = {},
): Promise<{ authtoken: string; deviceToken?: string }> {
  const device = await deviceAfterSignIn(app.db, kind, subjectId, known, app.config.signInThrottle.deviceDays);
  const authtoken = await startSession(app, request, kind, subjectId, start, device.tokenHash);
  return device.deviceToken ? { authtoken, deviceToken: device.deviceToken } : { authtoken };
}

/**
 * The token the request presents for a `kind` area; a missing or implausible one is refused with
 * the same 401 as a dead session. Routes that check the session inside their own statement (one
 * round trip) start here and answer sessionRefused(kind) when it matched nothing.
 */
export function presentedToken(request: FastifyRequest, kind: SessionKind): string {
  const token = request.headers[AUTH_HEADER];
  if (typeof token !== 'string' || token.length === 0 || token.length > 200) throw sessionRefused(kind);
  return token;
}

export const sessionRefused = (kind: SessionKind): HttpError => new HttpError(401, SIGN_IN_AGAIN[kind]);

export const ENROLMENT_REQUIRED =
  'Set up your second factor first: this session opens only the enrolment of an authenticator app';

export interface ScopeOptions {
  /** Admin scopes: also open to a session made before the admin enrolled a second factor (the enrolment calls). */
  allowEnrolOnly?: boolean;
}

/** Guard for a route that needs a live session of this kind (tokens of the other kind are refused). */
function requireSession(app: FastifyInstance, kind: SessionKind, options: ScopeOptions): onRequestAsyncHookHandler {
  return async (request: FastifyRequest) => {
    const session = await findSession(app.db, kind, presentedToken(request, kind));
    if (!session) throw sessionRefused(kind);
    if (session.enrolOnly && !options.allowEnrolOnly) throw new HttpError(403, ENROLMENT_REQUIRED);
    request.session = session;
  };
}

/**
 * `routes` in a scope of their own where every request needs a live session of `kind`. It is checked
 * in onRequest, before the body is even read: without a session every call answers the same 401,
 * whatever its body, and the routes inside (and their own onRequest hooks, which run after the
 * scope's) may rely on sessionOf(request).
 */
export function sessionScope(
  kind: SessionKind,
  routes: FastifyPluginAsyncZod,
  scopeOptions: ScopeOptions = {},
): FastifyPluginAsyncZod {
  return async (scope, options) => {
    scope.addHook('onRequest', requireSession(scope, kind, scopeOptions));
    await routes(scope, options);
  };
}

/** The session the guard attached; routes call this only inside a sessionScope. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new HttpError(401, 'Please sign in again');
  return request.session;
}
