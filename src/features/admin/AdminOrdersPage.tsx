import { useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { useLoaderData, useRevalidator, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';

import { capitalise, type OrderStatus } from '#contract/orderStatus';
import { PageSpinner } from '@/components/PageSpinner';
import { usePageMeta } from '@/hooks/usePageMeta';

import { LoadMoreButton } from './LoadMoreButton';
import OrderDetailsDialog from './OrderDetailsDialog';
import { fetchOrdersPage, type OrdersPage } from './ordersData';
import { OrdersGrid } from './OrdersGrid';
import { useOrderPages, type FirstPage } from './useOrderPages';
import { parseView, VIEW_PARAM } from './views';

import './admin.css';

interface OrdersData {
  view: OrderStatus;
  first: OrdersPage;
}

/** The first page of the orders of the view in ?view= (a new view, a reload or a status change loads it again). */
export async function loader({ request }: LoaderFunctionArgs): Promise<OrdersData> {
  const view = parseView(new URL(request.url).searchParams.get(VIEW_PARAM));
  return { view, first: await fetchOrdersPage(view, undefined, 'Loading orders', request.signal) };
}

const titleOf = (view: OrderStatus) => `${capitalise(view)} Orders`;

function OrdersFrame({ view, children }: { view: OrderStatus; children: ReactNode }) {
  return (
    <Container className="py-4">
      <h1 className="h3 mb-4">{titleOf(view)}</h1>
      {children}
    </Container>
  );
}

/** While the first page of a first visit loads. */
export function HydrateFallback() {
  const [params] = useSearchParams();
  const view = parseView(params.get(VIEW_PARAM));
  return (
    <OrdersFrame view={view}>
      <PageSpinner label={`Loading ${view} orders…`} />
    </OrdersFrame>
  );
}

/**
 * /adminorders: the orders of one status (the view in the URL), soonest delivery first, a page at a
 * time; View Order opens the order with its status actions.
 */
export default function AdminOrdersPage() {
  const { view, first } = useLoaderData() as OrdersData;
  usePageMeta(titleOf(view), `Giftwise admin: ${view} gift orders, soonest delivery first.`);
  const { revalidate } = useRevalidator();
  const [selected, setSelected] = useState<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const openOrder = (id: string) => {
    setSelected(id);
    setDialogOpen(true);
  };

  return (
    <OrdersFrame view={view}>
      {first.ok ? (
        <PagedOrders view={view} first={first} onView={openOrder} />
      ) : (
        <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          <span>{first.error}</span>
          <Button variant="outline-danger" size="sm" onClick={() => void revalidate()}>
            Try again
          </Button>
        </Alert>
      )}
      {selected && (
        <OrderDetailsDialog
          orderId={selected}
          show={dialogOpen}
          onHide={() => setDialogOpen(false)}
          onExited={() => setSelected(null)}
          onStatusChanged={() => {
            setDialogOpen(false);
            void revalidate();
          }}
        />
      )}
    </OrdersFrame>
  );
}

/** The loaded orders with Load more under them while the server has more. */
function PagedOrders({ view, first, onView }: { view: OrderStatus; first: FirstPage; onView: (id: string) => void }) {
  const { orders, page, hasMore, busy, error, loadMore } = useOrderPages(view, first);
  if (orders.length === 0) return <p className="text-body-secondary py-4">No {capitalise(view)} orders found</p>;
  return (
    <>
      <OrdersGrid label={titleOf(view)} orders={orders} onView={onView} />
      {(hasMore || page > 1) && (
        <LoadMoreButton
          view={view}
          shown={orders.length}
          hasMore={hasMore}
          busy={busy}
          error={error}
          onLoadMore={loadMore}
        />
      )}
    </>
  );
}
