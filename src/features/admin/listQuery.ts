import type { OrderSort } from '#contract/admin';
import { ORDER_SEARCH_MAX } from '#contract/limits';
import type { OrderQuery } from '@/api/admin';

import { parseView, VIEW_PARAM } from './views';

/**
 * The admin list's view, search, delivery range and sort live in the address (?view=new&q=ann&from=…&to=…&sort=-budget),
 * so a view can be bookmarked, shared and reloaded. Values the server would refuse are dropped here, not sent.
 */

/** The sorts, as the Sort by box offers them (the contract's ORDER_SORTS, named for people). */
export const SORT_LABELS: Record<OrderSort, string> = {
  date: 'Delivery date, soonest first',
  '-date': 'Delivery date, latest first',
  budget: 'Budget, lowest first',
  '-budget': 'Budget, highest first',
  placed: 'Placed, oldest first',
  '-placed': 'Placed, newest first',
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function parseListQuery(params: URLSearchParams): OrderQuery {
  const sort = params.get('sort');
  const from = params.get('from');
  const to = params.get('to');
  return {
    status: parseView(params.get(VIEW_PARAM)),
    search: params.get('q')?.trim().slice(0, ORDER_SEARCH_MAX) || undefined,
    from: from && ISO_DATE.test(from) ? from : undefined,
    to: to && ISO_DATE.test(to) ? to : undefined,
    sort: sort && sort in SORT_LABELS ? (sort as OrderSort) : undefined,
  };
}

/** The address's search part for a query; defaults are left out, so the plain view stays `?view=new`. */
export function listQueryParams(query: OrderQuery): URLSearchParams {
  const params = new URLSearchParams({ [VIEW_PARAM]: query.status });
  if (query.search) params.set('q', query.search);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.sort && query.sort !== 'date') params.set('sort', query.sort);
  return params;
}

/** True when the list is narrowed (its empty text then says nothing matched, rather than that the view is empty). */
export const isFiltered = (query: OrderQuery) => Boolean(query.search || query.from || query.to);
