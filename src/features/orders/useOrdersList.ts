import { useCallback, useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router-dom';

import type { GiftOrder } from '#contract/orders';

import type { loadOrdersScreen, OrdersLoad } from './ordersLoader';

/**
 * The orders as the route's loader last gave them. A failed refresh keeps the list shown before it
 * (`loadFailed` says so); `loadedOnce` tells "no orders yet" from "never loaded". `refresh` runs the
 * loader again (getgifts); `retry` does the same for the Retry button, busy until the answer is in.
 */
export function useOrdersList() {
  const load = useLoaderData<typeof loadOrdersScreen>();
  const { revalidate } = useRevalidator();
  const [kept, setKept] = useState<{ from: OrdersLoad; orders: GiftOrder[] | null }>(() => ({
    from: load,
    orders: load.ok ? load.orders : null,
  }));
  let orders = kept.orders;
  if (kept.from !== load) {
    // A new answer from the loader: a list replaces the kept one, a failure leaves it.
    if (load.ok) orders = load.orders;
    setKept({ from: load, orders });
  }

  const refresh = useCallback(() => void revalidate(), [revalidate]);
  const [retrying, setRetrying] = useState(false);
  const retry = async () => {
    setRetrying(true);
    await revalidate();
    setRetrying(false);
  };

  return { orders: orders ?? [], loadedOnce: orders !== null, loadFailed: !load.ok, refresh, retry, retrying };
}
