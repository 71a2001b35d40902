import type { RouteObject } from 'react-router-dom';
import { adminRoutes } from './adminArea';
import { BareLayout } from './layouts/BareLayout';
import { RootLayout } from './layouts/RootLayout';
import { SiteLayout } from './layouts/SiteLayout';
import { lazyPage } from './lazyPage';
import { RouteError } from './RouteError';

/**
 * Every route of SPEC.md §2 in one table. Each screen is its own lazily loaded chunk. Errors in a
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
              { path: '/orders', ...lazyPage(() => import('@/features/orders/OrdersPage')) },
              { path: '/profile', ...lazyPage(() => import('@/features/profile/ProfilePage')) },
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
