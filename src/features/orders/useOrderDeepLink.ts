import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import type { Order } from '#contract/orders';

import { viewHolds, viewOf, type OrderView } from './orderViews';

interface Shown {
  view: OrderView;
  selectedDate: string | null;
  /** Whether the search by recipient hides this order. */
  hiddenBySearch: (order: Order) => boolean;
}

interface Reveal {
  setView: (view: OrderView) => void;
  clearDay: () => void;
  clearSearch: () => void;
}

/**
 * Emails link to an order as /orders?order=<id> (with &feedback=1 for the Delivered email's "how it went",
 * which the card's feedback part reads). Once the list is in, this shows the order: it switches to the view
 * that holds it and drops a day or a search that hides it, then asks the list to scroll to its card and focus
 * it. Each link is followed once; the parameters stay, so a reload follows it again. An id that is not in
 * the customer's list (deleted, or not theirs) is reported, never guessed at. An order the customer has just
 * placed is shown and focused the same way (showWhenListed), so the keyboard carries on from its new card.
 */
export function useOrderDeepLink(orders: Order[], loadedOnce: boolean, shown: Shown, reveal: Reveal) {
  const [params] = useSearchParams();
  const linked = params.get('order');
  const [followed, setFollowed] = useState<string | null>(null);
  const [focusOrderId, setFocusOrderId] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  /** An order just placed, shown the same way once a refresh of the list brings it. */
  const [placed, setPlaced] = useState<string | null>(null);

  const show = (order: Order) => {
    if (shown.selectedDate && shown.selectedDate !== order.date) reveal.clearDay();
    if (!viewHolds(shown.view, order)) reveal.setView(viewOf(order));
    if (shown.hiddenBySearch(order)) reveal.clearSearch();
    setFocusOrderId(order._id);
  };

  // Followed while rendering, as React has state adjusted to a new prop: the view, day and search change
  // in the same render that first shows the loaded list, with no effect and no second pass.
  if (linked && loadedOnce && followed !== linked) {
    setFollowed(linked);
    const order = orders.find((o) => o._id === linked);
    setMissing(!order);
    if (order) show(order);
  }
  const placedOrder = placed ? orders.find((o) => o._id === placed) : undefined;
  if (placedOrder) {
    setPlaced(null);
    show(placedOrder);
  }

  return {
    focusOrderId,
    focused: () => setFocusOrderId(null),
    missing,
    dismissMissing: () => setMissing(false),
    /** Shows and focuses the card of an order just placed, once the list holds it (after its refresh). */
    showWhenListed: setPlaced,
  };
}
