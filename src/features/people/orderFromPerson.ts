import { useNavigate } from 'react-router-dom';

import type { PersonSummary } from '#contract/people';

/**
 * Where "Order a gift" leads for a person: the Add Order dialog of /orders, filled from their next date (the
 * occasion link a reminder email uses: the date's id is its occasion's), or /orders when they have none. /orders
 * asks for the saved details and card first, as every order does.
 */
export function orderLinkFor(person: PersonSummary): string {
  const next = person.nextDate;
  return next ? `/orders?${new URLSearchParams({ occasion: next.dateId, date: next.on }).toString()}` : '/orders';
}

/** The `onOrder(person)` of the People screens' "Order a gift" buttons. */
export function useOrderGift(): (person: PersonSummary) => void {
  const navigate = useNavigate();
  return (person) => navigate(orderLinkFor(person));
}
