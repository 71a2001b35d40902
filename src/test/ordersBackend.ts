import type { SuccessOf } from '#contract/api';
import * as routes from '#contract/routes';

import { mockMailStatus } from './mailStatus';
import { mockRoute } from './mockRoute';
import { server } from './server';

/** What getgifts answers: every order of the customer. */
export type ListedOrders = SuccessOf<'getOrders'>;

/**
 * The calls /orders makes as it opens, answered as the API does (docs/api.md) for a signed-in customer: the session
 * check, the profile check (Ann's profile, filled unless `profileFilled` is false), the orders `orders()` gives at the
 * moment of each request, the mail status (verified, nothing held) and no upcoming occasions. A test adds the calls
 * it exercises, or answers one of these otherwise, with server.use after this: MSW asks the handlers added last first.
 */
export function serveOrdersPage(orders: () => ListedOrders, { auth = true, profileFilled = true } = {}) {
  server.use(
    mockRoute(routes.checkAuth, () =>
      auth ? { success: true } : { status: 401, body: { success: false, error: 'Please sign in again' } },
    ),
    mockRoute(routes.isProfileFilled, () => ({
      success: true,
      isProfileFilled: profileFilled,
      email: 'ann@example.com',
      name: 'Ann',
    })),
    mockRoute(routes.getOrders, () => orders()),
    mockMailStatus(),
    mockRoute(routes.getUpcoming, () => ({ success: true, data: [] })),
  );
}
