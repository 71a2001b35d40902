import type { Ref } from 'react';

import type { GiftOrder } from '#contract/orders';

import { LoadFailedAlert } from './LoadFailedAlert';
import { OrderCards } from './OrderCards';

interface Props {
  /** Every order loaded, and those shown (the selected day's, or all). */
  orders: GiftOrder[];
  visible: GiftOrder[];
  selectedDate: string | null;
  loadedOnce: boolean;
  loadFailed: boolean;
  retrying: boolean;
  onRetry: () => void;
  onEdit: (order: GiftOrder) => void;
  onDelete: (order: GiftOrder) => void;
  headingRef: Ref<HTMLHeadingElement>;
}

function headingFor({
  orders,
  visible,
  selectedDate,
  loadedOnce,
}: Pick<Props, 'orders' | 'visible' | 'selectedDate' | 'loadedOnce'>) {
  if (selectedDate) return visible.length ? `Orders for ${selectedDate}` : `No Orders on ${selectedDate}`;
  if (orders.length) return `All your orders (${orders.length})`;
  return loadedOnce ? 'No Orders yet' : 'Your orders could not be loaded';
}

/** The results: a heading that says what is shown, a failed load's alert, and the cards. */
export function OrdersResults(props: Props) {
  const { orders, visible, selectedDate, loadedOnce, loadFailed, retrying, onRetry, onEdit, onDelete, headingRef } =
    props;
  return (
    <section aria-labelledby="orders-heading">
      <h2 id="orders-heading" ref={headingRef} className="h4 mb-3 orders-results-heading" aria-live="polite">
        {headingFor(props)}
      </h2>
      {loadFailed && <LoadFailedAlert loadedOnce={loadedOnce} retrying={retrying} onRetry={onRetry} />}
      {!selectedDate && loadedOnce && orders.length === 0 && (
        <p className="text-body-secondary">
          Press <strong>Order +</strong> to send your first gift: tell us who it is for and when, we do the rest.
        </p>
      )}
      <OrderCards orders={visible} onEdit={onEdit} onDelete={onDelete} />
    </section>
  );
}
