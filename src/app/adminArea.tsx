import type { ComponentType } from 'react';
import type { LoaderFunction, LoaderFunctionArgs, RouteObject, ShouldRevalidateFunction } from 'react-router-dom';

import { PageSpinner } from '@/components/PageSpinner';
import { CHUNK_TIMEOUT_MS, loadChunk } from '@/lib/chunks';
import { getToken } from '@/lib/storage';

import { requireAdmin } from './guards';
import { RouteError } from './RouteError';

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

/** Shown on a first load of the admin area while the admin session is checked. */
export function AdminSessionCheck() {
  return (
    <div className="d-flex flex-column min-vh-100">
      <PageSpinner label="Checking your admin session…" />
    </div>
  );
}

type AdminPageModule = { default: ComponentType; loader?: (args: LoaderFunctionArgs) => Promise<unknown> };

/** An admin screen as its own chunk, its loader composed with the admin check. */
export function adminPage(load: () => Promise<AdminPageModule>, timeoutMs = CHUNK_TIMEOUT_MS) {
  return {
    lazy: async () => {
      const page = await loadChunk(load, timeoutMs);
      return { Component: page.default, loader: page.loader && afterAdminCheck(page.loader) };
    },
  };
}

/** The admin layout route around `children`: the guard as its loader, and a spinner while it checks. */
export function adminLayoutRoute(children: RouteObject[]): RouteObject {
  return {
    id: 'admin',
    loader: adminSessionLoader,
    shouldRevalidate: recheckOnNewToken,
    HydrateFallback: AdminSessionCheck,
    lazy: async () => ({
      Component: (await loadChunk(() => import('./layouts/AdminLayout'), CHUNK_TIMEOUT_MS)).default,
    }),
    errorElement: <RouteError standalone />,
    children,
  };
}

/** /adminorders and /requests, behind the admin check. */
export const adminRoutes: RouteObject = adminLayoutRoute([
  {
    errorElement: <RouteError />,
    children: [
      { path: '/adminorders', ...adminPage(() => import('@/features/admin/AdminOrdersPage')) },
      { path: '/requests', ...adminPage(() => import('@/features/admin/RequestsPage')) },
    ],
  },
]);
