import { Outlet, ScrollRestoration } from 'react-router-dom';

/**
 * Above every layout. ScrollRestoration opens each newly visited page at its top and brings back
 * the earlier position on Back and Forward (the browser alone would keep the old page's offset).
 */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
