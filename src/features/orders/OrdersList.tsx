import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';

import type { GiftOrder } from '#contract/gifts';

import { OrderCard } from './OrderCard';

interface Props {
  orders: GiftOrder[];
  onEdit: (order: GiftOrder) => void;
  onDelete: (order: GiftOrder) => void;
}

/** The order cards, two to a row on wider screens. */
export function OrdersList({ orders, onEdit, onDelete }: Props) {
  return (
    <Row xs={1} md={2} className="g-3 orders-list">
      {orders.map((order) => (
        <Col key={order._id}>
          <OrderCard order={order} onEdit={onEdit} onDelete={onDelete} />
        </Col>
      ))}
    </Row>
  );
}
