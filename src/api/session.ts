import type { AnswerOf } from '#contract/api';
import * as shell from '#contract/shellRoutes';
import { clearToken, type TokenKind } from '@/lib/storage';

import { call, callAnswered, type Answered } from './client';

/*
 * The calls every page may make before any screen's code has loaded (the session checks, the ordering gate's check, signing out) live here,
 * apart from the account and admin calls: a module shared with a screen's chunk goes into the first download whole.
 */

/** Answered with its status: only the server's refusal of the session may drop the token (verifySession). */
export const checkAuth = () =>
  // The auth check goes in cors mode, uncached, without a referrer.
  callAnswered(shell.checkAuth, {}, { init: { mode: 'cors', cache: 'no-store', referrerPolicy: 'no-referrer' } });

/** The admin session's check, answered with its status like checkAuth. */
export const adminCheck = () =>
  callAnswered(shell.adminCheck, {}, { init: { cache: 'no-store', referrerPolicy: 'no-referrer' } });

/** Whether the profile can order: the /orders gate asks before the screen's code loads. */
export const isProfileFilled = () => call(shell.isProfileFilled);

export const signOut = () => call(shell.signOut);

/**
 * What a session check learned:
 * - `valid`: the server accepted the token;
 * - `refused`: the server answered and refused it (401, or `success: false`): the token is dead;
 * - `unreachable`: no verdict at all (offline, a proxy's 5xx, or the request aborted because the page is
 *   being left). The token may well be alive: the route guards hold the page load until Retry
 *   (src/app/heldLoads.ts), and the public header shows the signed-out links for this view.
 */
export type SessionVerdict =
  { state: 'valid'; email: string | null } | { state: 'refused' } | { state: 'unreachable'; error: unknown };

type CheckAnswer = Answered<AnswerOf<'checkAuth'> | AnswerOf<'adminCheck'>>;

const CHECKS: Record<TokenKind, () => Promise<CheckAnswer>> = { customer: checkAuth, admin: adminCheck };

/** Reads a check's answer: a 5xx or an answer without `success` is no verdict on the session. */
export function verdictOf({ status, body }: CheckAnswer): SessionVerdict {
  // Whatever answered may not be our server (a proxy's error JSON, or none): the shape is checked, not assumed.
  const answer: unknown = body;
  const success = typeof answer === 'object' && answer !== null && 'success' in answer ? answer.success : undefined;
  if (success === true && status < 300)
    return { state: 'valid', email: 'email' in body && typeof body.email === 'string' ? body.email : null };
  if (status === 401 || (success === false && status < 500)) return { state: 'refused' };
  return { state: 'unreachable', error: new Error(`The session check answered ${status}`) };
}

type VerdictListener = (kind: TokenKind, verdict: SessionVerdict) => void;
const verdictListeners = new Set<VerdictListener>();

/**
 * Hears every later check's verdict (the public header learns that a page's check passed after its own got
 * no answer). Answers the function that stops listening.
 */
export function onSessionVerdict(listener: VerdictListener): () => void {
  verdictListeners.add(listener);
  return () => verdictListeners.delete(listener);
}

/**
 * Checks the stored `kind` token with the server. Only the server's refusal drops the stored token:
 * dropping it on a failed or aborted check signed customers out whenever a page was left while its
 * check was in flight, and left their session alive on the server.
 */
export async function verifySession(kind: TokenKind): Promise<SessionVerdict> {
  let verdict: SessionVerdict;
  try {
    verdict = verdictOf(await CHECKS[kind]());
  } catch (err) {
    verdict = { state: 'unreachable', error: err };
  }
  if (verdict.state === 'refused') clearToken(kind);
  if (verdict.state === 'unreachable')
    console.error(`${kind === 'admin' ? 'Admin' : 'Auth'} check failed`, verdict.error);
  for (const listener of verdictListeners) listener(kind, verdict);
  return verdict;
}
