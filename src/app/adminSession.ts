import type { LoaderFunction, LoaderFunctionArgs, ShouldRevalidateFunction } from 'react-router-dom';

import { getToken } from '@/lib/storage';

import { requireAdmin } from './guards';

/**
 * The admin area's session check: the admin layout route's loader and what its pages' loaders wait for. Kept apart
 * from the route table (adminArea.tsx), which loads the layout lazily: the layout reads this loader's data type.
 */

/** What the admin layout's loader hands its header: the admin's email, and the token that was checked. */
export interface AdminSession {
  email: string | null;
  token: string | null;
}

/**
 * The admin check of each navigation, by its request. The layout's loader is called before its pages'
 * loaders (parents first), so a page's loader can wait for the check and never asks for data with a
 * token the server is about to refuse.
 */
const checks = new WeakMap<Request, Promise<AdminSession>>();

/** The stored token the last check was about. */
let checkedToken: string | null = null;

/**
 * The admin layout's loader: requireAdmin (a refused token is removed and leads to /admin; a check that got
 * no answer keeps the token and holds the load, with the page on screen, until Retry).
 */
export function adminSessionLoader({ request }: LoaderFunctionArgs): Promise<AdminSession> {
  const token = getToken('admin');
  checkedToken = token;
  const check = requireAdmin(request).then(({ email }) => ({ email, token }));
  checks.set(request, check);
  return check;
}

/**
 * The session is checked on entering the admin area, and again only when the stored token changed
 * (signed out or in again in another tab): moving between views, reloading a list or changing an
 * order's status does not ask again.
 */
export const recheckOnNewToken: ShouldRevalidateFunction = () => getToken('admin') !== checkedToken;

/** A page's loader, run once the admin check of its navigation (if one runs) has passed. */
export function afterAdminCheck<T>(loader: (args: LoaderFunctionArgs) => Promise<T>): LoaderFunction {
  return async (args) => {
    await checks.get(args.request);
    return loader(args);
  };
}
