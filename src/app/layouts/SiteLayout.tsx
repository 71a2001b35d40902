import { Outlet } from 'react-router-dom';

import Footer from '@/features/enquiries/Footer';

import { CustomerHeader } from './CustomerHeader';
import { NavigationProgress } from './NavigationProgress';

/** Customer routes: public header, page, footer. */
export function SiteLayout() {
  return (
    <div className="d-flex flex-column min-vh-100">
      <NavigationProgress />
      <CustomerHeader />
      <main className="flex-grow-1" id="main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
