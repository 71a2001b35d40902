/** The order workflow (docs/workflow.md). The one place that says which moves are legal. */
export const ORDER_STATUSES = ['new', 'processed', 'finished', 'rejected'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type StatusAction = 'Proceed' | 'Finish' | 'Reject';

/** Actions an admin may take from each status, and where each leads. */
export const STATUS_ACTIONS: Record<OrderStatus, ReadonlyArray<{ action: StatusAction; to: OrderStatus }>> = {
  new: [
    { action: 'Proceed', to: 'processed' },
    { action: 'Reject', to: 'rejected' },
  ],
  processed: [
    { action: 'Finish', to: 'finished' },
    { action: 'Reject', to: 'rejected' },
  ],
  rejected: [{ action: 'Proceed', to: 'processed' }],
  finished: [],
};

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return STATUS_ACTIONS[from].some((a) => a.to === to);
}

/** Orders still under way: they count against a customer's limit of orders in progress. */
export const OPEN_STATUSES: ReadonlySet<OrderStatus> = new Set(['new', 'processed']);

/** Orders the provider has started on are locked for the customer. */
export const CUSTOMER_LOCKED_STATUSES: ReadonlySet<OrderStatus> = new Set(['processed', 'finished']);

export function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
