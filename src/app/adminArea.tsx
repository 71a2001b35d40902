import type { ComponentType } from 'react';
import type { LoaderFunctionArgs, RouteObject } from 'react-router-dom';

import { PageSpinner } from '@/components/PageSpinner';
import { CHUNK_TIMEOUT_MS, loadChunk } from '@/lib/chunks';

import { adminSessionLoader, afterAdminCheck, recheckOnNewToken } from './adminSession';
import { RouteError } from './RouteError';

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

/** /adminorders, /requests and /admin/account, behind the admin check. */
export const adminRoutes: RouteObject = adminLayoutRoute([
  {
    errorElement: <RouteError />,
    children: [
      { path: '/adminorders', ...adminPage(() => import('@/features/admin/AdminOrdersPage')) },
      { path: '/requests', ...adminPage(() => import('@/features/admin/EnquiriesPage')) },
      { path: '/admin/account', ...adminPage(() => import('@/features/admin/AdminAccountPage')) },
    ],
  },
]);
