import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AUTH_HEADER } from '#contract/http';
import { HttpError } from '../errors';
import { findSession, type Session, type SessionKind } from '../services/sessions';

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

/** Guard for a route that needs a live session of this kind (tokens of the other kind are refused). */
export function requireSession(app: FastifyInstance, kind: SessionKind): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest) => {
    const session = await findSession(app.db, kind, presentedToken(request, kind));
    if (!session) throw sessionRefused(kind);
    request.session = session;
  };
}

/** The session a guard attached; routes call this only behind requireSession. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new HttpError(401, 'Please sign in again');
  return request.session;
}
