import type { GiftOrder } from '#contract/orders';

import { OrderCard } from './OrderCard';

interface Props {
  orders: GiftOrder[];
  onEdit: (order: GiftOrder) => void;
  onDelete: (order: GiftOrder) => void;
}

/**
 * The order cards, two to a row on wider screens: Bootstrap's grid classes written out (what Row xs={1}
 * md={2} and Col give), since a Col component per card costs a hook and a context read for every order.
 */
export function OrderCards({ orders, onEdit, onDelete }: Props) {
  return (
    <div className="g-3 orders-list row row-cols-md-2 row-cols-1">
      {orders.map((order) => (
        <div key={order._id} className="col">
          <OrderCard order={order} onEdit={onEdit} onDelete={onDelete} />
        </div>
      ))}
    </div>
  );
}
