import './orders.css';

import { useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';

import type { GiftOrder } from '#contract/gifts';
import { usePageMeta } from '@/hooks/usePageMeta';

import { AddOrderDialog } from './AddOrderDialog';
import { CalendarPanel } from './CalendarPanel';
import { DeleteOrderDialog } from './DeleteOrderDialog';
import { EditOrderDialog } from './EditOrderDialog';
import { groupByDate } from './orderHelpers';
import { OrdersResults } from './OrdersResults';
import { useDaySelection } from './useDaySelection';
import { useOrdersList } from './useOrdersList';

export { loadOrders as loader } from './ordersList';

/**
 * The orders screen: a calendar, the order cards, Order + and All Orders. The route checks the
 * session and the profile before it opens (ordersGate); the list comes from the loader beside it.
 */
export default function OrdersPage() {
  usePageMeta('Your orders', 'Place, track, edit and cancel your gift orders, with every occasion on a calendar.');
  const { orders, loadedOnce, loadFailed, refresh, retry, retrying } = useOrdersList();
  const { selectedDate, selectDay, showAll, resultsHeading } = useDaySelection(refresh);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<GiftOrder | null>(null);
  const [deleting, setDeleting] = useState<GiftOrder | null>(null);

  const byDate = useMemo(() => groupByDate(orders), [orders]);
  const visible = selectedDate ? (byDate.get(selectedDate) ?? []) : orders;

  return (
    <Container className="py-4 orders-page">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-4">
        <h1 className="h2 mb-0">Your Orders</h1>
        <div className="d-flex gap-2">
          <Button variant="outline-secondary" onClick={showAll}>
            All Orders
          </Button>
          <Button variant="primary" onClick={() => setAdding(true)}>
            Order +
          </Button>
        </div>
      </div>
      <Row className="g-4">
        <Col lg={4} xl={4}>
          <CalendarPanel byDate={byDate} selectedDate={selectedDate} onSelectDay={selectDay} />
        </Col>
        <Col lg={8} xl={8}>
          <OrdersResults
            orders={orders}
            visible={visible}
            selectedDate={selectedDate}
            loadedOnce={loadedOnce}
            loadFailed={loadFailed}
            retrying={retrying}
            onRetry={retry}
            onEdit={setEditing}
            onDelete={setDeleting}
            headingRef={resultsHeading}
          />
        </Col>
      </Row>

      <AddOrderDialog show={adding} onClose={() => setAdding(false)} onOrdered={refresh} />
      {editing && (
        <EditOrderDialog key={editing._id} order={editing} onClose={() => setEditing(null)} refresh={refresh} />
      )}
      {deleting && (
        <DeleteOrderDialog key={deleting._id} order={deleting} onClose={() => setDeleting(null)} refresh={refresh} />
      )}
    </Container>
  );
}
