import Button from 'react-bootstrap/Button';

import type { AdminOrderListItem } from '#contract/admin';

/**
 * "View Order" on a card or a table row, named for its recipient. data-order-id lets Load more move focus to
 * the first order a page brought.
 */
export function ViewOrderButton({
  order,
  onView,
  className,
  size,
}: {
  order: AdminOrderListItem;
  onView: (orderId: string) => void;
  className?: string;
  size?: 'sm';
}) {
  return (
    <Button
      variant="outline-primary"
      size={size}
      className={className}
      onClick={() => onView(order._id)}
      aria-label={`View Order for ${order.recipientName}`}
      data-order-id={order._id}
    >
      View Order
    </Button>
  );
}
