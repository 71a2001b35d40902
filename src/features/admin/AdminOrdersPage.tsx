import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useSearchParams } from 'react-router-dom';
import { getOrders } from '@/api/admin';
import { PageSpinner } from '@/components/PageSpinner';
import type { AdminOrderListItem } from '#contract/admin';
import { MESSAGES } from '#contract/messages';
import { capitalise, type OrderStatus } from '#contract/orderStatus';
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
  /** The last page loaded, and whether the server has another after it. */
  page: number;
  hasMore: boolean;
}

/** Appends a page, leaving out any order already shown (the list may have shifted since the last page). */
function appendPage(shown: AdminOrderListItem[], page: AdminOrderListItem[]): AdminOrderListItem[] {
  const ids = new Set(shown.map((o) => o._id));
  return [...shown, ...page.filter((o) => !ids.has(o._id))];
}

/**
 * /adminorders: the orders of one status (the view in the URL), soonest delivery first, a page at a
 * time: "Load more" appends the next page while there is one. A new view or a reload starts at page 1.
 */
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
  /** The list (by key) whose next page is on its way, and why the last attempt failed. */
  const [more, setMore] = useState<{ key: string; busy: boolean; error?: string } | null>(null);
  /** After the last page arrives the button goes away: focus moves to the first order it brought. */
  const focusOrder = useRef<string | null>(null);
  const liveKey = useRef(key);
  useEffect(() => {
    liveKey.current = key;
  }, [key]);

  useEffect(() => {
    let live = true;
    getOrders(view)
      .then((answer) => {
        if (!live) return;
        if (answer.success) {
          setLoaded({ key, orders: answer.data, page: 1, hasMore: answer.hasMore === true });
        } else {
          notify(MESSAGES.failedToFetchOrders);
          setLoaded({ key, orders: null, error: answer.error ?? MESSAGES.failedToFetchOrders, page: 1, hasMore: false });
        }
      })
      .catch((err: unknown) => {
        if (!live) return;
        console.error('Loading orders failed', err);
        notify(MESSAGES.errorFetchingOrders);
        setLoaded({ key, orders: null, error: err instanceof Error ? err.message : MESSAGES.errorFetchingOrders, page: 1, hasMore: false });
      });
    return () => {
      live = false;
    };
  }, [view, key]);

  useEffect(() => {
    if (!focusOrder.current) return;
    document.querySelector<HTMLElement>(`[data-order-id="${CSS.escape(focusOrder.current)}"]`)?.focus();
    focusOrder.current = null;
  }, [loaded]);

  const current = loaded?.key === key ? loaded : null;
  const moreState = more?.key === key ? more : null;
  const reload = () => setReloads((n) => n + 1);

  const loadMore = async () => {
    if (!current?.orders || moreState?.busy) return;
    const forKey = current.key;
    const next = current.page + 1;
    setMore({ key: forKey, busy: true });
    try {
      const answer = await getOrders(view, next);
      if (liveKey.current !== forKey) return;
      if (answer.success) {
        const firstNew = answer.data.find((o) => !current.orders?.some((shown) => shown._id === o._id));
        if (answer.hasMore !== true && firstNew) focusOrder.current = firstNew._id;
        setLoaded((prev) =>
          prev?.key === forKey && prev.orders
            ? { ...prev, orders: appendPage(prev.orders, answer.data), page: next, hasMore: answer.hasMore === true }
            : prev,
        );
        setMore(null);
      } else {
        notify(MESSAGES.failedToFetchOrders);
        setMore({ key: forKey, busy: false, error: answer.error ?? MESSAGES.failedToFetchOrders });
      }
    } catch (err) {
      if (liveKey.current !== forKey) return;
      console.error('Loading more orders failed', err);
      notify(MESSAGES.errorFetchingOrders);
      setMore({ key: forKey, busy: false, error: err instanceof Error ? err.message : MESSAGES.errorFetchingOrders });
    }
  };

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
                    data-order-id={order._id}
                  >
                    View Order
                  </Button>
                </Card.Body>
              </Card>
            </Col>
          ))}
        </Row>
      )}
      {current?.orders && current.orders.length > 0 && (current.hasMore || current.page > 1) && (
        <div className="d-flex flex-column align-items-center gap-2 mt-4">
          <p className="text-body-secondary small mb-0" aria-live="polite">
            Showing {current.orders.length} {view} orders{current.hasMore ? '' : ' (all of them)'}
          </p>
          {moreState?.error && (
            <p className="text-danger small mb-0" role="alert">
              {moreState.error}
            </p>
          )}
          {current.hasMore && (
            <Button variant="outline-primary" onClick={loadMore} disabled={moreState?.busy} aria-busy={moreState?.busy === true}>
              {moreState?.busy && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
              Load more
            </Button>
          )}
        </div>
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
