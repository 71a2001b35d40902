import { Outlet } from 'react-router-dom';
import AdminHeader from '@/features/admin/AdminHeader';
import Footer from '@/features/enquiries/Footer';
import { NavigationProgress } from './NavigationProgress';

/**
 * /adminorders and /requests: admin navigation, page, footer. Loaded lazily with the admin area.
 * AdminHeader checks the admin session first and shows the page only once it passed.
 */
export default function AdminLayout() {
  return (
    <div className="d-flex flex-column min-vh-100">
      <NavigationProgress />
      <AdminHeader>
        <main className="flex-grow-1" id="main">
          <Outlet />
        </main>
      </AdminHeader>
      <Footer />
    </div>
  );
}
