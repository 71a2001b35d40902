import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';

import type { AdminOrderListItem } from '#contract/admin';
import { DateInWords } from '@/components/DateInWords';
import { formatBudget } from '@/lib/money';

import { whenDue } from './format';
import { JourneyFacts } from './journey/ListJourney';
import { ViewOrderButton } from './ViewOrderButton';

interface Props {
  /** The list's accessible name (the page title). */
  label: string;
  orders: AdminOrderListItem[];
  onView: (orderId: string) => void;
}

/**
 * A card per order (phones): recipient, customer, occasion, budget, delivery date (and how soon), the rejection's
 * reason, the gift and tracking when there are, and View Order.
 */
export function OrdersGrid({ label, orders, onView }: Props) {
  return (
    <Row xs={1} sm={2} lg={3} className="g-3 list-unstyled" as="ul" role="list" aria-label={label}>
      {orders.map((order) => (
        <Col as="li" key={order._id}>
          <Card className="h-100 shadow-sm admin-order-card">
            <Card.Body className="d-flex flex-column">
              <Card.Title as="h2" className="h5 text-break">
                {order.recipientName}
              </Card.Title>
              <dl className="admin-facts mb-3">
                <dt>Customer</dt>
                <dd>
                  {order.customerName}
                  <div className="small text-body-secondary">{order.customerEmail}</div>
                </dd>
                <dt>Occasion</dt>
                <dd>{order.occasion}</dd>
                <dt>Budget</dt>
                <dd>{formatBudget(order.budget)}</dd>
                <dt>Delivery date</dt>
                <dd>
                  <DateInWords date={order.date} weekday />{' '}
                  <span className="text-body-secondary small">({whenDue(order.date)})</span>
                </dd>
                <JourneyFacts order={order} />
              </dl>
              <ViewOrderButton order={order} onView={onView} className="mt-auto align-self-start" />
            </Card.Body>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
