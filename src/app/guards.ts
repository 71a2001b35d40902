import { redirect } from 'react-router-dom';

import { verifySession } from '@/api/session';
import { getToken } from '@/lib/storage';

import { holdUntilRetried } from './heldLoads';

/**
 * Route guards: loaders that let a route load only for a live session. Only the server's refusal sends
 * the user to sign in (and drops the stored token: verifySession). A check that got no answer (offline,
 * a 5xx) is no verdict: the load is held and the page on screen stays, saying the server could not be
 * reached, until Retry or another navigation (heldLoads.ts).
 */

/**
 * For /orders, /profile and /people: a customer session, or /signin. `returnTo` (a path of this site)
 * is where sign-in leads back to, for a link worth keeping such as a reminder email's order link.
 */
export async function requireCustomer(request: Request, returnTo?: string): Promise<void> {
  const signIn = returnTo ? `/signin?next=${encodeURIComponent(returnTo)}` : '/signin';
  if (!getToken('customer')) throw redirect(signIn);
  const verdict = await verifySession('customer');
  if (verdict.state === 'refused') throw redirect(signIn);
  if (verdict.state === 'unreachable') await holdUntilRetried(request);
}

/** For the admin area: an admin session (with the admin's email, for the header), or /admin. */
export async function requireAdmin(request: Request): Promise<{ email: string | null }> {
  if (!getToken('admin')) throw redirect('/admin');
  const verdict = await verifySession('admin');
  if (verdict.state === 'refused') throw redirect('/admin');
  if (verdict.state === 'unreachable') return holdUntilRetried(request);
  return { email: verdict.email };
}
