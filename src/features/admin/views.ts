import { ORDER_STATUSES, type OrderStatus } from '#contract/orderStatus';

/** The /adminorders view lives in the URL (?view=processed), so the header, the page and a reload agree. */
export const VIEW_PARAM = 'view';

export function parseView(value: string | null): OrderStatus {
  return ORDER_STATUSES.includes(value as OrderStatus) ? (value as OrderStatus) : 'new';
}

export const viewHref = (view: OrderStatus) => `/adminorders?${VIEW_PARAM}=${view}`;
