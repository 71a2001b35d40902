import type { Ref } from 'react';

import type { Order } from '#contract/orders';

import { LoadFailedAlert } from './LoadFailedAlert';
import { OrderCards } from './OrderCards';
import { OrderSearch } from './OrderSearch';
import { viewDefinition, type OrderView } from './orderViews';
import { OrderViewTabs } from './OrderViewTabs';

interface Props {
  /** Every order loaded; those the day or the view holds; and of those, the ones the search matches. */
  orders: Order[];
  inView: Order[];
  visible: Order[];
  selectedDate: string | null;
  view: OrderView;
  counts: Record<OrderView, number>;
  onView: (view: OrderView) => void;
  query: string;
  searching: boolean;
  onSearch: (query: string) => void;
  loadedOnce: boolean;
  loadFailed: boolean;
  retrying: boolean;
  onRetry: () => void;
  onEdit: (order: Order) => void;
  onDelete: (order: Order) => void;
  headingRef: Ref<HTMLHeadingElement>;
  /** A linked order to scroll to and focus (/orders?order=<id>). */
  focusOrderId: string | null;
  onFocused: () => void;
}

type ListProps = Omit<Props, 'headingRef'>;

const LIST_ID = 'orders-list';

function headingFor({ orders, inView, selectedDate, view, loadedOnce }: ListProps) {
  if (selectedDate) return inView.length ? `Orders for ${selectedDate}` : `No Orders on ${selectedDate}`;
  if (orders.length) return viewDefinition(view).heading(inView.length);
  return loadedOnce ? 'No Orders yet' : 'Your orders could not be loaded';
}

/** What the list says when it shows no card, or which cards a search left. */
function ListNote({ orders, inView, visible, selectedDate, view, query, searching, onSearch, loadedOnce }: ListProps) {
  if (!selectedDate && loadedOnce && orders.length === 0)
    return (
      <p className="text-body-secondary">
        Press <strong>Order +</strong> to send your first gift: tell us who it is for and when, we do the rest.
      </p>
    );
  if (!selectedDate && orders.length > 0 && inView.length === 0)
    return <p className="text-body-secondary">{viewDefinition(view).empty}</p>;
  if (searching && inView.length > 0 && visible.length === 0)
    return (
      <p className="text-body-secondary d-flex flex-wrap align-items-center gap-2">
        <span>{`No recipient here matches “${query.trim()}”.`}</span>
        <button type="button" className="btn btn-link btn-sm p-0" onClick={() => onSearch('')}>
          Clear search
        </button>
      </p>
    );
  return null;
}

/** The results: a heading that says what is shown, the views and the search, a failed load's alert, and the cards. */
export function OrdersResults({ headingRef, ...props }: Props) {
  const { orders, inView, visible, view, counts, onView, query, searching, onSearch, loadFailed, loadedOnce } = props;
  return (
    <section aria-labelledby="orders-heading">
      <h2 id="orders-heading" ref={headingRef} className="h4 mb-3 orders-results-heading" aria-live="polite">
        {headingFor(props)}
      </h2>
      {loadFailed && <LoadFailedAlert loadedOnce={loadedOnce} retrying={props.retrying} onRetry={props.onRetry} />}
      {orders.length > 0 && (
        <div className="orders-toolbar d-flex flex-wrap align-items-end justify-content-between gap-3 mb-3">
          <div>
            <OrderViewTabs
              view={props.selectedDate ? 'all' : view}
              counts={counts}
              onChange={onView}
              panelId={LIST_ID}
            />
          </div>
          <OrderSearch query={query} onChange={onSearch} />
        </div>
      )}
      <p role="status" className="small text-body-secondary mb-2 orders-search-status">
        {searching && visible.length > 0 ? `${visible.length} of ${inView.length} match “${query.trim()}”.` : ''}
      </p>
      <div id={LIST_ID} role="tabpanel" aria-labelledby={`order-view-${props.selectedDate ? 'all' : view}`}>
        <ListNote {...props} />
        <OrderCards
          orders={visible}
          onEdit={props.onEdit}
          onDelete={props.onDelete}
          focusOrderId={props.focusOrderId}
          onFocused={props.onFocused}
        />
      </div>
    </section>
  );
}
