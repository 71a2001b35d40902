import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';

import type { FreshCodeGate } from '#contract/route';

import { sessionOf } from '../accounts/sessionAuth';
import { requireFreshSecondFactor } from './secondFactor';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route table's gate of this call (apiRoute copies it here), read by registerFreshCodeGate. */
    freshCode?: FreshCodeGate;
  }
}

/** Whether this request is one its route's gate covers: every one, or a move to `rejected`. */
function gated(gate: FreshCodeGate, body: unknown): boolean {
  if (gate === 'always') return true;
  return typeof body === 'object' && body !== null && 'status' in body && body.status === 'rejected';
}

/**
 * The fresh-code gate of decision 0044, in one place: every route whose entry in the route table names a gate gets
 * this check before its handler (after its session and body were checked), and answers 403 with
 * `secondFactor: "totp"` when the session's last code is older than ADMIN_FRESH_FACTOR_MINUTES.
 */
export function registerFreshCodeGate(app: FastifyInstance): void {
  const minutes = app.config.adminFreshFactorMinutes;
  app.addHook('onRoute', (route) => {
    const gate = route.config?.freshCode;
    if (!gate) return;
    const check: preHandlerAsyncHookHandler = async (request) => {
      if (gated(gate, request.body)) requireFreshSecondFactor(sessionOf(request), minutes);
    };
    route.preHandler = [check, ...[route.preHandler ?? []].flat()];
  });
}
