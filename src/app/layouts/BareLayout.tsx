import { Outlet } from 'react-router-dom';

import Footer from '@/features/enquiries/Footer';

import { NavigationProgress } from './NavigationProgress';
import { MAIN_ID } from './SkipLink';

/** Admin sign-in: no navigation, but the footer is on every route. */
export function BareLayout() {
  return (
    <div className="d-flex flex-column min-vh-100">
      <NavigationProgress />
      <main className="flex-grow-1" id={MAIN_ID} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
