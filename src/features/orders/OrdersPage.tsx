import './orders.css';

import { useEffect, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { useLoaderData, useSearchParams } from 'react-router-dom';

import type { CustomerOrder, Order } from '#contract/orders';
import { MailStatusNotice } from '@/components/MailStatusNotice';
import { AddOrderDialog, type OrderLink } from '@/components/orderForm/AddOrderDialog';
import { usePageMeta } from '@/hooks/usePageMeta';

import { CalendarPanel } from './CalendarPanel';
import { DeleteOrderDialog } from './DeleteOrderDialog';
import { EditOrderDialog } from './EditOrderDialog';
import { groupByDate, type OrderFormValues } from './orderHelpers';
import type { loadOrdersScreen } from './ordersLoader';
import { OrdersResults } from './OrdersResults';
import type { OrderView } from './orderViews';
import { RememberPrompt } from './RememberPrompt';
import { UpcomingPanel } from './UpcomingPanel';
import { useDaySelection } from './useDaySelection';
import { useOccasionOrder } from './useOccasionOrder';
import { useOrderDeepLink } from './useOrderDeepLink';
import { useOrdersFilter } from './useOrdersFilter';
import { useOrdersList } from './useOrdersList';

/**
 * The orders screen: a calendar, the order cards (in views, searchable by recipient, windowed), Order + and
 * All Orders. The route checks the
 * session and the profile before it opens (ordersGate); the list comes from ordersLoader's loader, which the
 * route runs while this screen's code is loading.
 */
export default function OrdersPage() {
  usePageMeta('Your orders', 'Place, track, edit and cancel your gift orders, with every occasion on a calendar.');
  const { orders, loadedOnce, loadFailed, refresh, retry, retrying } = useOrdersList();
  const day = useDaySelection(refresh);
  const { selectedDate, resultsHeading } = day;
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<CustomerOrder | null>(null);
  const [deleting, setDeleting] = useState<Order | null>(null);

  const { upcoming } = useLoaderData<typeof loadOrdersScreen>();
  const occurrences = useMemo(() => groupByDate(upcoming ?? []), [upcoming]);
  const occasionOrder = useOccasionOrder();
  const [remember, setRemember] = useState<OrderFormValues | null>(null);
  useOrderLinkFromEmail(occasionOrder.prepare);

  const ordered = (order: OrderFormValues, placedFor: OrderLink, id: string) => {
    refresh();
    // Only an order placed from scratch offers "Remember <name>" (which checks the name is not a person already).
    setRemember(placedFor.occasionId || placedFor.personId ? null : order);
    // The new card takes the focus once the refreshed list holds it, as the card of a link to an order does.
    link.showWhenListed(id);
  };

  const byDate = useMemo(() => groupByDate(orders), [orders]);
  const filter = useOrdersFilter(orders, selectedDate ? (byDate.get(selectedDate) ?? []) : null);
  const { setView, setQuery } = filter;
  // A day picked shows all that day's orders (the spec's day filter); a view chosen leaves the day.
  const selectDay = (date: string) => {
    setView('all');
    day.selectDay(date);
  };
  const chooseView = (view: OrderView) => {
    setView(view);
    day.clearDay();
  };
  // All Orders shows every order again: no day, the All view, no search.
  const showAll = () => {
    setView('all');
    setQuery('');
    day.showAll();
  };
  const link = useOrderDeepLink(
    orders,
    loadedOnce,
    { view: filter.view, selectedDate, hiddenBySearch: (o) => !filter.matches(o) },
    { setView, clearDay: day.clearDay, clearSearch: () => setQuery('') },
  );

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
      <MailStatusNotice />
      {link.missing && (
        <Alert variant="info" dismissible onClose={link.dismissMissing}>
          The order you followed a link to is not in your list: it may have been deleted.
        </Alert>
      )}
      {remember && <RememberPrompt order={remember} onDismiss={() => setRemember(null)} onRemembered={refresh} />}
      <Row className="g-4">
        <Col lg={4} xl={4} className="orders-side">
          <CalendarPanel
            byDate={byDate}
            occurrences={occurrences}
            selectedDate={selectedDate}
            onSelectDay={selectDay}
          />
          <UpcomingPanel
            upcoming={upcoming}
            preparing={occasionOrder.preparing}
            onOrder={(item) => void occasionOrder.prepare(item.occasionId, item.date)}
            onRetry={refresh}
          />
        </Col>
        <Col lg={8} xl={8}>
          <OrdersResults
            orders={orders}
            inView={filter.inView}
            visible={filter.visible}
            selectedDate={selectedDate}
            view={filter.view}
            counts={filter.counts}
            onView={chooseView}
            query={filter.query}
            searching={filter.searching}
            onSearch={setQuery}
            loadedOnce={loadedOnce}
            loadFailed={loadFailed}
            retrying={retrying}
            onRetry={retry}
            onEdit={setEditing}
            onDelete={setDeleting}
            headingRef={resultsHeading}
            focusOrderId={link.focusOrderId}
            onFocused={link.focused}
          />
        </Col>
      </Row>

      <AddOrderDialog show={adding} onClose={() => setAdding(false)} onOrdered={ordered} />
      {occasionOrder.preset && (
        <AddOrderDialog
          key={occasionOrder.preset.key}
          show
          initialValues={occasionOrder.preset.values}
          occasionId={occasionOrder.preset.occasionId}
          onClose={occasionOrder.clear}
          onOrdered={ordered}
        />
      )}
      {editing && (
        <EditOrderDialog key={editing._id} order={editing} onClose={() => setEditing(null)} refresh={refresh} />
      )}
      {deleting && (
        <DeleteOrderDialog key={deleting._id} order={deleting} onClose={() => setDeleting(null)} refresh={refresh} />
      )}
    </Container>
  );
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A reminder email links to /orders?occasion={id}&date={YYYY-MM-DD}: open the Add Order dialog filled
 * from that occasion and dated on that day, once, then drop the parameters (a reload does not reopen it).
 */
function useOrderLinkFromEmail(prepare: (occasionId: string, date: string) => Promise<void>) {
  const [params, setParams] = useSearchParams();
  const occasionId = params.get('occasion');
  const date = params.get('date');
  useEffect(() => {
    if (!occasionId || !date || !ISO_DATE.test(date)) return;
    setParams({}, { replace: true });
    void prepare(occasionId, date);
  }, [occasionId, date, prepare, setParams]);
}
