import { useState, type ReactNode } from 'react';
import Container from 'react-bootstrap/Container';
import { useLoaderData, useRevalidator, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';

import type { AdminOrderListItem, OrderCounts, OrderSort } from '#contract/admin';
import { capitalise, type OrderStatus } from '#contract/orderStatus';
import type { OrderQuery } from '@/api/admin';
import { PageSpinner } from '@/components/PageSpinner';
import { useLoadAlert } from '@/hooks/useLoadAlert';
import { useMediaQuery } from '@/hooks/useMediaQuery';
import { usePagedList, type Page } from '@/hooks/usePagedList';
import { usePageMeta } from '@/hooks/usePageMeta';
import { notify } from '@/lib/notify';

import { BulkActions, BulkReportAlert, type BulkReport } from './BulkActions';
import { ExportButton } from './ExportButton';
import { JourneyColumnsSwitch, useJourneyColumns } from './journey/ListJourney';
import { ListFilters } from './ListFilters';
import { ListLoadFailed } from './ListLoadFailed';
import { isFiltered, listQueryParams, parseListQuery } from './listQuery';
import { LoadMoreButton } from './LoadMoreButton';
import OrderDetailsDialog from './OrderDetailsDialog';
import { fetchOrderCounts, fetchOrdersPage, type OrdersPage } from './ordersData';
import { OrdersGrid } from './OrdersGrid';
import { OrdersTable } from './OrdersTable';
import { useSecondFactorPrompt } from './SecondFactorDialog';
import { useSelection } from './useSelection';
import { parseView, VIEW_PARAM } from './views';

import './admin.css';

export interface OrdersData {
  query: OrderQuery;
  first: OrdersPage;
  /** The counts of the four views, shown by the admin header's view switch (null when they failed). */
  orderCounts: OrderCounts | null;
}

/**
 * The first page of the orders the address selects (?view=, and optionally q, from, to, sort), with the
 * views' counts: a new view, search or sort, a reload or a status change loads both again.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<OrdersData> {
  const query = parseListQuery(new URL(request.url).searchParams);
  const [first, orderCounts] = await Promise.all([
    fetchOrdersPage(query, null, 'Loading orders', request.signal),
    fetchOrderCounts(),
  ]);
  return { query, first, orderCounts };
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

/** Wide screens show a table with bulk actions; phones keep the cards. */
const WIDE = '(min-width: 992px)';

/**
 * /adminorders: the orders of one status (the view in the URL), narrowed and sorted as the address says, a
 * page at a time. Select orders to move them at once; View Order opens one with its status actions.
 */
export default function AdminOrdersPage() {
  const { query, first } = useLoaderData<typeof loader>();
  // A list that wants a code asks for it (ListLoadFailed) rather than alerting.
  useLoadAlert(first, first.ok || first.wantsCode ? null : first.alert);
  const view = query.status;
  usePageMeta(titleOf(view), `Giftwise admin: ${view} gift orders, soonest delivery first.`);
  const { revalidate } = useRevalidator();
  const [, setParams] = useSearchParams();
  const [selected, setSelected] = useState<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [report, setReport] = useState<BulkReport | null>(null);

  const openOrder = (id: string) => {
    setSelected(id);
    setDialogOpen(true);
  };
  const changeQuery = (next: OrderQuery) => {
    setReport(null);
    setParams(listQueryParams(next));
  };

  return (
    <OrdersFrame view={view}>
      <ListFilters query={query} onChange={changeQuery} />
      <div className="d-flex justify-content-end mb-2">
        <ExportButton query={query} />
      </div>
      {report && <BulkReportAlert report={report} onClose={() => setReport(null)} />}
      {first.ok ? (
        <PagedOrders
          query={query}
          first={first}
          onView={openOrder}
          onSort={(sort) => changeQuery({ ...query, sort })}
          onBulkDone={(done) => {
            setReport(done);
            void revalidate();
          }}
        />
      ) : (
        <ListLoadFailed failed={first} />
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

interface PagedProps {
  query: OrderQuery;
  first: Page<AdminOrderListItem>;
  onView: (id: string) => void;
  onSort: (sort: OrderSort) => void;
  onBulkDone: (report: BulkReport) => void;
}

/** The loaded orders (a table on wide screens, cards on phones) with Load more under them while the server has more. */
function PagedOrders({ query, first, onView, onSort, onBulkDone }: PagedProps) {
  const view = query.status;
  const secondFactor = useSecondFactorPrompt();
  const pages = usePagedList(
    first,
    async (cursor, signal) => {
      const page = await fetchOrdersPage(query, cursor, 'Loading more orders', signal, secondFactor.confirm);
      if (!page.ok && !signal.aborted) notify(page.alert);
      return page;
    },
    (order) => `[data-order-id="${CSS.escape(order._id)}"]`,
  );
  const orders = pages.items;
  const wide = useMediaQuery(WIDE);
  const selection = useSelection(first);
  const [showJourney, setShowJourney] = useJourneyColumns();
  if (orders.length === 0) {
    return (
      <p className="text-body-secondary py-4">
        {isFiltered(query) ? 'No orders match your search.' : `No ${capitalise(view)} orders found`}
      </p>
    );
  }
  return (
    <>
      {wide ? (
        <>
          <BulkActions view={view} orders={orders} selected={selection.ids} onDone={onBulkDone} />
          <JourneyColumnsSwitch shown={showJourney} onChange={setShowJourney} />
          <OrdersTable
            label={titleOf(view)}
            orders={orders}
            sort={query.sort ?? 'date'}
            onSort={onSort}
            selection={selection}
            onView={onView}
            showReason={view === 'rejected'}
            showJourney={showJourney}
          />
        </>
      ) : (
        <OrdersGrid label={titleOf(view)} orders={orders} onView={onView} />
      )}
      {(pages.hasMore || pages.page > 1) && (
        <LoadMoreButton
          view={view}
          shown={orders.length}
          hasMore={pages.hasMore}
          busy={pages.busy}
          error={pages.error}
          onLoadMore={pages.loadMore}
        />
      )}
      {secondFactor.dialog}
    </>
  );
}
