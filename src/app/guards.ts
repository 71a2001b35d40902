import { redirect } from 'react-router-dom';

import { verifySession } from '@/api/session';
import { getToken } from '@/lib/storage';

/**
 * Route guards: loaders that let a route load only for a live session, and redirect otherwise.
 * Only the server's refusal drops the stored token (verifySession); a check that got no answer still
 * redirects, since this view cannot be shown, but keeps the token for the next load.
 */

/**
 * For /orders, /profile and /occasions: a customer session, or /signin. `returnTo` (a path of this site)
 * is where sign-in leads back to, for a link worth keeping such as a reminder email's order link.
 */
export async function requireCustomer(returnTo?: string): Promise<void> {
  const signIn = returnTo ? `/signin?next=${encodeURIComponent(returnTo)}` : '/signin';
  if (!getToken('customer')) throw redirect(signIn);
  if ((await verifySession('customer')).state !== 'valid') throw redirect(signIn);
}

/** For the admin area: an admin session (with the admin's email, for the header), or /admin. */
export async function requireAdmin(): Promise<{ email: string | null }> {
  if (!getToken('admin')) throw redirect('/admin');
  const verdict = await verifySession('admin');
  if (verdict.state !== 'valid') throw redirect('/admin');
  return { email: verdict.email };
}
