import { redirect, type RouteObject } from 'react-router-dom';

import { ordersListLoader, OrdersLoading, requireOrderingProfile } from '@/features/orders/ordersGate';
import { PeopleLoading } from '@/features/people/PeopleLoading';
import { ProfileLoading } from '@/features/profile/ProfileLoading';

import { adminRoutes } from './adminArea';
import { requireCustomer } from './guards';
import { BareLayout } from './layouts/BareLayout';
import { RootLayout } from './layouts/RootLayout';
import { SiteLayout } from './layouts/SiteLayout';
import { guardedPage, lazyPage } from './lazyPage';
import { RouteError } from './RouteError';

/**
 * /orders opens for a session whose profile can order; that gate runs once per visit, alongside the
 * list's own loader, and a refresh of the list (shouldRevalidate) does not repeat it. The list's loader is
 * its own small chunk, set on the route rather than brought by the screen's chunk, and the page's HTML
 * preloads it first (scripts/routeChunks.ts); on the first visit the list's reads go out with the session
 * check, before that chunk has run (ordersListLoader), and the first download of every other page stays light.
 */
export const ordersRoute: RouteObject = {
  path: '/orders',
  loader: ({ request }) => {
    // A reminder email's link (?occasion=&date=) comes back here after sign-in; a plain visit goes to / as ever.
    const url = new URL(request.url);
    const returnTo = url.searchParams.has('occasion') ? url.pathname + url.search : undefined;
    return requireOrderingProfile(() => requireCustomer(request, returnTo));
  },
  shouldRevalidate: () => false,
  HydrateFallback: OrdersLoading,
  children: [
    {
      index: true,
      loader: ordersListLoader(() => import('@/features/orders/ordersLoader')),
      ...lazyPage(() => import('@/features/orders/OrdersPage')),
    },
  ],
};

/** /profile loads the saved details once the session passed. */
export const profileRoute: RouteObject = {
  path: '/profile',
  HydrateFallback: ProfileLoading,
  ...guardedPage(
    requireCustomer,
    lazyPage(() => import('@/features/profile/ProfilePage')),
  ),
};

/**
 * /people ("People & dates") and a person's page load once the session passed: no saved card is needed to keep
 * people and dates (ordering asks for it, on /orders). /occasions, the screen's former address, leads to /people.
 */
export const peopleRoute: RouteObject = {
  path: '/people',
  HydrateFallback: PeopleLoading,
  ...guardedPage(
    requireCustomer,
    lazyPage(() => import('@/features/people/PeoplePage')),
  ),
};

/** A person's page is a link worth keeping (a reminder email's among them): sign-in leads back to it. */
export const personRoute: RouteObject = {
  path: '/people/:id',
  HydrateFallback: PeopleLoading,
  ...guardedPage(
    (request) => {
      const { pathname, search } = new URL(request.url);
      return requireCustomer(request, pathname + search);
    },
    lazyPage(() => import('@/features/people/PersonPage')),
  ),
};

/**
 * Every route of the SPA (docs/screens.md) in one table. Each screen is its own lazily loaded chunk. Errors in a
 * screen (including its chunk failing to load) show inside its layout; errors in a layout itself
 * show the standalone error page.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError standalone />,
    children: [
      {
        element: <SiteLayout />,
        errorElement: <RouteError standalone />,
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { path: '/', ...lazyPage(() => import('@/features/marketing/HomePage')) },
              { path: '/how-it-works', ...lazyPage(() => import('@/features/marketing/HowItWorksPage')) },
              { path: '/about', ...lazyPage(() => import('@/features/marketing/AboutPage')) },
              { path: '/contact', ...lazyPage(() => import('@/features/marketing/ContactPage')) },
              { path: '/signin', ...lazyPage(() => import('@/features/auth/SignInPage')) },
              { path: '/signup', ...lazyPage(() => import('@/features/auth/SignUpPage')) },
              { path: '/forgotpass', ...lazyPage(() => import('@/features/auth/ForgotPasswordPage')) },
              { path: '/resetpass/:token', ...lazyPage(() => import('@/features/auth/ResetPasswordPage')) },
              { path: '/verify-email/:token', ...lazyPage(() => import('@/features/auth/VerifyEmailPage')) },
              ordersRoute,
              profileRoute,
              peopleRoute,
              personRoute,
              { path: '/occasions', loader: () => redirect('/people') },
              { path: '*', ...lazyPage(() => import('./NotFoundPage')) },
            ],
          },
        ],
      },
      {
        element: <BareLayout />,
        errorElement: <RouteError standalone />,
        children: [
          {
            errorElement: <RouteError />,
            children: [{ path: '/admin', ...lazyPage(() => import('@/features/admin/AdminSignInPage')) }],
          },
        ],
      },
      adminRoutes,
    ],
  },
];
