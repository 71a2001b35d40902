import { redirect } from 'react-router-dom';

import { UPCOMING_DAYS_MAX } from '#contract/limits';
import { SHELL_MESSAGES } from '#contract/shellMessages';
import * as shell from '#contract/shellRoutes';
import { send } from '@/api/client';
import { isProfileFilled } from '@/api/session';
import { PageSpinner } from '@/components/PageSpinner';
import { loadChunk } from '@/lib/chunks';
import { notify } from '@/lib/notify';

import type { OpeningReads, OrdersLoad } from './ordersLoader';

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

type OrdersLoaderModule = typeof import('./ordersLoader');

/**
 * The list's loader for the orders route (`load` brings its module), run with the gate on each visit and on every
 * refresh of the list. On its first load it sends the two reads at once, beside the download of the list's module:
 * on a busy phone that module is ready only after the screen's two dozen chunks have been compiled, and the reads
 * waited with it (about 300 ms on a shared 2-core machine). Later loads go through the module, which sends the
 * held list's ETag. The loader keeps the module it loaded, so each loader made here starts as a new tab does.
 */
export function ordersListLoader(load: () => Promise<OrdersLoaderModule>): () => Promise<OrdersLoad> {
  let loaded: OrdersLoaderModule | null = null;
  return async () => {
    if (loaded) return loaded.loadOrdersScreen();
    // The coming dates first (sent in this order): a quick read that a database answering one query at a time
    // (PGlite) would otherwise hold behind a long list, and the screen is drawn once both are in.
    const sent: OpeningReads = {
      upcoming: send(shell.getUpcoming, { query: { days: String(UPCOMING_DAYS_MAX) } }),
      orders: send(shell.getOrders),
    };
    // Read by the module's loader; if the module fails to load, their failures are not left unhandled.
    for (const read of Object.values(sent)) read.catch(() => undefined);
    loaded = await loadChunk(load);
    return loaded.loadOrdersScreen(sent);
  };
}
