import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

import type { PersonSummary } from '#contract/people';

/** One occurrence of a person's date: which date, on which day (YYYY-MM-DD). */
export interface Occurrence {
  dateId: string;
  on: string;
}

/**
 * Where "Order a gift" leads for an occurrence: the Add Order dialog of /orders, filled from that date (the link
 * earlier reminder emails used: a date's id is its occasion's), or /orders when there is none. /orders asks for the
 * saved details and card first, as every order does.
 */
export function orderLinkFor(occurrence: Occurrence | null): string {
  if (!occurrence) return '/orders';
  return `/orders?${new URLSearchParams({ occasion: occurrence.dateId, date: occurrence.on }).toString()}`;
}

/** The `onOrder(person)` of the People screens' "Order a gift" buttons: their next date, or the occurrence given. */
export function useOrderGift(): (person: PersonSummary, occurrence?: Occurrence) => void {
  const navigate = useNavigate();
  return (person, occurrence) => void navigate(orderLinkFor(occurrence ?? person.nextDate));
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A reminder email links to /people/{id}?order={dateId}&date={YYYY-MM-DD}: order a gift for that occurrence, once
 * (the address loses its parameters, so Back does not order again).
 */
export function useOrderFromEmailLink(person: PersonSummary, onOrder: (p: PersonSummary, o: Occurrence) => void) {
  const [params, setParams] = useSearchParams();
  const dateId = params.get('order');
  const on = params.get('date');
  useEffect(() => {
    if (!dateId || !on || !ISO_DATE.test(on)) return;
    setParams({}, { replace: true });
    onOrder(person, { dateId, on });
    // Once per link: the person read again after a change does not order again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dateId, on]);
}
