import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';

import type { AdminOrderListItem, OrderSort } from '#contract/admin';
import { OPEN_STATUSES } from '#contract/orderStatus';
import { DateInWords } from '@/components/DateInWords';
import { dateInWords } from '@/lib/dateWords';
import { formatBudget } from '@/lib/money';

import { daysUntil, timeSince, whenDue } from './format';
import { ProposalSummary, TrackingSummary } from './journey/ListJourney';
import type { Selection } from './useSelection';
import { ViewOrderButton } from './ViewOrderButton';

interface Props {
  /** The table's accessible name (the page title). */
  label: string;
  orders: AdminOrderListItem[];
  sort: OrderSort;
  onSort: (sort: OrderSort) => void;
  selection: Selection;
  onView: (orderId: string) => void;
  /** The Rejected view: the reason staff gave, as a column. */
  showReason?: boolean;
  /** The proposal's title and price and the tracking, as two columns (staff's choice). */
  showJourney?: boolean;
}

/** A column header that sorts: ascending first, then the other way; aria-sort says which way it is now. */
function SortHeader({
  title,
  by,
  sort,
  onSort,
}: {
  title: string;
  by: 'date' | 'budget' | 'placed';
  sort: OrderSort;
  onSort: Props['onSort'];
}) {
  const current = sort === by ? 'ascending' : sort === `-${by}` ? 'descending' : 'none';
  const next: OrderSort = current === 'ascending' ? `-${by}` : by;
  return (
    <th scope="col" aria-sort={current}>
      <Button variant="link" className="p-0 text-reset fw-semibold text-decoration-none" onClick={() => onSort(next)}>
        {title}
        <span aria-hidden="true" className="ms-1 text-body-secondary">
          {current === 'ascending' ? '▲' : current === 'descending' ? '▼' : '↕'}
        </span>
      </Button>
    </th>
  );
}

/**
 * Wide screens: the orders as a table with a box to select each (for the bulk actions), the customer and
 * occasion, the delivery date with how soon (overdue open orders stand out), when it was placed and how long it
 * has had its status.
 */
export function OrdersTable({ label, orders, sort, onSort, selection, onView, showReason, showJourney }: Props) {
  const allSelected = orders.length > 0 && orders.every((o) => selection.has(o._id));
  return (
    <Table responsive hover className="align-middle admin-orders-table" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">
            <Form.Check
              aria-label="Select all shown"
              checked={allSelected}
              onChange={() => selection.setAll(allSelected ? [] : orders.map((o) => o._id))}
            />
          </th>
          <th scope="col">Recipient</th>
          <th scope="col">Customer</th>
          <th scope="col">Occasion</th>
          <SortHeader title="Budget" by="budget" sort={sort} onSort={onSort} />
          <SortHeader title="Delivery" by="date" sort={sort} onSort={onSort} />
          <SortHeader title="Placed" by="placed" sort={sort} onSort={onSort} />
          <th scope="col">In status for</th>
          {showReason && <th scope="col">Reason</th>}
          {showJourney && (
            <>
              <th scope="col">Gift</th>
              <th scope="col">Tracking</th>
            </>
          )}
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => {
          const overdue = OPEN_STATUSES.has(order.status) && daysUntil(order.date) < 0;
          return (
            <tr key={order._id} className={selection.has(order._id) ? 'table-active' : undefined}>
              <td>
                <Form.Check
                  aria-label={`Select order for ${order.recipientName}`}
                  checked={selection.has(order._id)}
                  onChange={() => selection.toggle(order._id)}
                />
              </td>
              <td className="text-break fw-medium">{order.recipientName}</td>
              <td className="text-break">
                {order.customerName}
                <div className="small text-body-secondary">{order.customerEmail}</div>
              </td>
              <td>{order.occasion}</td>
              <td>{formatBudget(order.budget)}</td>
              <td className={overdue ? 'text-danger fw-semibold' : undefined}>
                <DateInWords date={order.date} weekday />
                <div className="small">
                  {overdue ? (
                    `overdue, ${whenDue(order.date)}`
                  ) : (
                    <span className="text-body-secondary">{whenDue(order.date)}</span>
                  )}
                </div>
              </td>
              <td>
                <time dateTime={order.placedAt}>{dateInWords(order.placedAt.slice(0, 10))}</time>
              </td>
              <td>{timeSince(order.statusSince)}</td>
              {showReason && (
                <td className="text-break">
                  {order.statusReason ?? <span className="text-body-secondary">none given</span>}
                </td>
              )}
              {showJourney && (
                <>
                  <td className="text-break">
                    <ProposalSummary proposal={order.proposal} />
                  </td>
                  <td className="text-break">
                    <TrackingSummary order={order} />
                  </td>
                </>
              )}
              <td className="text-end">
                <ViewOrderButton order={order} onView={onView} size="sm" />
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
