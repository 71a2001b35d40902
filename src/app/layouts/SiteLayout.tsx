import { Outlet } from 'react-router-dom';

import Footer from '@/features/enquiries/Footer';

import { CustomerHeader } from './CustomerHeader';
import { NavigationProgress } from './NavigationProgress';
import { MAIN_ID } from './SkipLink';

/** Customer routes: public header, page, footer. */
export function SiteLayout() {
  return (
    <div className="d-flex flex-column min-vh-100">
      <NavigationProgress />
      <CustomerHeader />
      <main className="flex-grow-1" id={MAIN_ID} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
