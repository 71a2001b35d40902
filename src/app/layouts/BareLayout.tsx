import { Outlet } from 'react-router-dom';

import Footer from '@/features/enquiries/Footer';

import { NavigationProgress } from './NavigationProgress';

/** Admin sign-in: no navigation, but the footer is on every route. */
export function BareLayout() {
  return (
    <div className="d-flex flex-column min-vh-100">
      <NavigationProgress />
      <main className="flex-grow-1" id="main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
