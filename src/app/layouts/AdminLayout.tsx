import { useEffect } from 'react';
import { Outlet, useLoaderData, useRevalidator } from 'react-router-dom';

import AdminHeader from '@/features/admin/AdminHeader';
import Footer from '@/features/enquiries/Footer';
import { useToken } from '@/hooks/useToken';

import type { adminSessionLoader } from '../adminSession';
import { NavigationProgress } from './NavigationProgress';
import { MAIN_ID } from './SkipLink';

/**
 * /adminorders and /requests: admin navigation, page, footer. Loaded lazily with the admin area, and
 * shown only once its loader's admin check passed. When the stored token changes (signed out, or in
 * again, in another tab) the check runs again: without a token it leads to /admin.
 */
export default function AdminLayout() {
  const session = useLoaderData<typeof adminSessionLoader>();
  const token = useToken('admin');
  const { revalidate } = useRevalidator();
  const stale = token !== session.token;
  useEffect(() => {
    if (stale) void revalidate();
  }, [stale, revalidate]);

  return (
    <div className="d-flex flex-column min-vh-100">
      <NavigationProgress />
      <AdminHeader email={session.email} />
      <main className="flex-grow-1" id={MAIN_ID} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
