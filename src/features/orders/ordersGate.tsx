import { redirect } from 'react-router-dom';

import { UPCOMING_DAYS_MAX } from '#contract/limits';
import { SHELL_MESSAGES } from '#contract/shellMessages';
import * as shell from '#contract/shellRoutes';
import { send } from '@/api/client';
import { isProfileFilled } from '@/api/session';
import { PageSpinner } from '@/components/PageSpinner';
import { loadChunk } from '@/lib/chunks';
import { notify } from '@/lib/notify';

import type { OrdersLoad } from './ordersList';

/**
 * The loader that opens /orders, once per visit: `session` (the route guard) must pass, then a
 * profile that lacks what ordering needs sends the customer to /profile with an alert. The
 * profile check goes out together with the session check (one round trip, not two) and is read only
 * once the session passed. A check that failed is logged only: the screen stays.
 */
export async function requireOrderingProfile(session: () => Promise<unknown>): Promise<null> {
  const profile = isProfileFilled().then(
    (answer) => ({ answer }),
    (err: unknown) => ({ err }),
  );
  await session();
  const checked = await profile;
  if ('err' in checked) console.error('Profile check failed', checked.err);
  else if (!checked.answer.success) console.error('Profile check failed', checked.answer.error);
  else if (!checked.answer.isProfileFilled) {
    notify(SHELL_MESSAGES.updateProfileFirst);
    throw redirect('/profile');
  }
  return null;
}

/** What /orders shows while its first load is under way. */
export function OrdersLoading() {
  return <PageSpinner label="Loading your orders…" />;
}

/** The screen's two opening reads (its list and the coming dates), as requests already sent. */
export interface OpeningReads {
  orders: Promise<Response>;
  upcoming: Promise<Response>;
}

type OrdersListModule = typeof import('./ordersList');
let ordersList: OrdersListModule | null = null;

/**
 * The list's loader (`load` brings its module), run with the gate on each visit and on every refresh of the
 * list. On the first load in a tab it sends the two reads at once, beside the download of the list's module: on
 * a busy phone that module is ready only after the screen's two dozen chunks have been compiled, and the reads
 * waited with it (about 300 ms on a shared 2-core machine). Later loads go through the module, which sends the
 * held list's ETag.
 */
export async function loadOrdersList(load: () => Promise<OrdersListModule>): Promise<OrdersLoad> {
  if (ordersList) return ordersList.loadOrdersScreen();
  const sent: OpeningReads = {
    orders: send(shell.getOrders),
    upcoming: send(shell.getUpcoming, { query: { days: String(UPCOMING_DAYS_MAX) } }),
  };
  // Read by the module's loader; if the module fails to load, their failures are not left unhandled.
  for (const read of Object.values(sent)) read.catch(() => undefined);
  ordersList = await loadChunk(load);
  return ordersList.loadOrdersScreen(sent);
}
