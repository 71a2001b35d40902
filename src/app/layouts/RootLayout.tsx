import { Outlet, ScrollRestoration } from 'react-router-dom';

import { ServerUnreachableAlert } from './ServerUnreachableAlert';
import { SkipLink } from './SkipLink';

/**
 * Above every layout. ScrollRestoration opens each newly visited page at its top and brings back
 * the earlier position on Back and Forward (the browser alone would keep the old page's offset).
 * ServerUnreachableAlert shows over any page whose next load is held for want of the server. The skip link comes
 * first, so it is the first Tab stop of every layout.
 */
export function RootLayout() {
  return (
    <>
      <SkipLink />
      <Outlet />
      <ServerUnreachableAlert />
      <ScrollRestoration />
    </>
  );
}
