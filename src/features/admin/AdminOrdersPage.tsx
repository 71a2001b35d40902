import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { useSearchParams } from 'react-router-dom';
import { getOrders } from '@/api/admin';
import { PageSpinner } from '@/components/PageSpinner';
import type { AdminOrderListItem } from '@/contract/admin';
import { MESSAGES } from '@/contract/messages';
import { capitalise, type OrderStatus } from '@/contract/orderStatus';
import { usePageMeta } from '@/hooks/usePageMeta';
import { notify } from '@/lib/notify';
import { formatBudget, whenDue } from './format';
import OrderDetailsDialog from './OrderDetailsDialog';
import { parseView, VIEW_PARAM } from './views';
import './admin.css';

interface Loaded {
  /** Which view and reload this answer belongs to: a newer request makes it stale. */
  key: string;
  orders: AdminOrderListItem[] | null;
  error?: string;
}

/** /adminorders: the orders of one status (the view in the URL), soonest delivery first. */
export default function AdminOrdersPage() {
  const [params] = useSearchParams();
  const view: OrderStatus = parseView(params.get(VIEW_PARAM));
  const title = `${capitalise(view)} Orders`;
  usePageMeta(title, `Giftwise admin: ${view} gift orders, soonest delivery first.`);

  const [reloads, setReloads] = useState(0);
  const key = `${view}#${reloads}`;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  useEffect(() => {
    let live = true;
    getOrders(view)
      .then((answer) => {
        if (!live) return;
        if (answer.success) {
          setLoaded({ key, orders: answer.data });
        } else {
          notify(MESSAGES.failedToFetchOrders);
          setLoaded({ key, orders: null, error: answer.error ?? MESSAGES.failedToFetchOrders });
        }
      })
      .catch((err: unknown) => {
        if (!live) return;
        console.error('Loading orders failed', err);
        notify(MESSAGES.errorFetchingOrders);
        setLoaded({ key, orders: null, error: err instanceof Error ? err.message : MESSAGES.errorFetchingOrders });
      });
    return () => {
      live = false;
    };
  }, [view, key]);

  const current = loaded?.key === key ? loaded : null;
  const reload = () => setReloads((n) => n + 1);

  const openOrder = (id: string) => {
    setSelected(id);
    setDialogOpen(true);
  };

  return (
    <Container className="py-4">
      <h1 className="h3 mb-4">{title}</h1>
      {!current ? (
        <PageSpinner label={`Loading ${view} orders…`} />
      ) : current.orders === null ? (
        <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          <span>{current.error}</span>
          <Button variant="outline-danger" size="sm" onClick={reload}>
            Try again
          </Button>
        </Alert>
      ) : current.orders.length === 0 ? (
        <p className="text-body-secondary py-4">No {capitalise(view)} orders found</p>
      ) : (
        <Row xs={1} sm={2} lg={3} className="g-3 list-unstyled" as="ul" role="list" aria-label={title}>
          {current.orders.map((order) => (
            <Col as="li" key={order._id}>
              <Card className="h-100 shadow-sm admin-order-card">
                <Card.Body className="d-flex flex-column">
                  <Card.Title as="h2" className="h5 text-break">
                    {order.recipientName}
                  </Card.Title>
                  <dl className="admin-facts mb-3">
                    <dt>Budget</dt>
                    <dd>{formatBudget(order.budget)}</dd>
                    <dt>Delivery date</dt>
                    <dd>
                      <time dateTime={order.date}>{order.date}</time>{' '}
                      <span className="text-body-secondary small">({whenDue(order.date)})</span>
                    </dd>
                  </dl>
                  <Button
                    variant="outline-primary"
                    className="mt-auto align-self-start"
                    onClick={() => openOrder(order._id)}
                    aria-label={`View Order for ${order.recipientName}`}
                  >
                    View Order
                  </Button>
                </Card.Body>
              </Card>
            </Col>
          ))}
        </Row>
      )}
      {selected && (
        <OrderDetailsDialog
          orderId={selected}
          show={dialogOpen}
          onHide={() => setDialogOpen(false)}
          onExited={() => setSelected(null)}
          onStatusChanged={() => {
            setDialogOpen(false);
            reload();
          }}
        />
      )}
    </Container>
  );
}
