import './giftArt.scss';

import { Fragment, memo } from 'react';

import { MESSAGES } from '#contract/messages';
import type { CustomerOrder, Order } from '#contract/orders';
import { capitalise, type OrderStatus } from '#contract/orderStatus';
import { DateInWords } from '@/components/DateInWords';
import { formatBudget } from '@/lib/money';

import { FeedbackPanel } from './journey/FeedbackPanel';
import { ProposalPanel } from './journey/ProposalPanel';
import { ShipmentPanel } from './journey/ShipmentPanel';
import { TimelinePanel } from './journey/TimelinePanel';
import { giftPictureFor, isLocked } from './orderHelpers';

const STATUS_VARIANT: Record<OrderStatus, string> = {
  new: 'info',
  processed: 'warning',
  finished: 'success',
  rejected: 'danger',
};

/** Why a locked order's buttons are disabled. */
const LOCK_REASON: Partial<Record<OrderStatus, string>> = {
  processed: "We're preparing this gift, so it can no longer be changed.",
  finished: 'This gift has been delivered, so it can no longer be changed.',
};

interface Props {
  order: CustomerOrder;
  onEdit: (order: Order) => void;
  onDelete: (order: Order) => void;
}

/** An order card: a gift picture, the headline, every field, status, edit and delete. */
export const OrderCard = memo(function OrderCard({ order, onEdit, onDelete }: Props) {
  const locked = isLocked(order);
  const lockId = `order-lock-${order._id}`;
  const fields: Array<[string, string]> = [
    ['Relationship', order.relationship],
    ['Occasion', order.occasion],
    ['Gender', order.gender],
    ['Address', order.address],
    ['Phone', order.phoneNumber],
    ['Email', order.email],
    ['Interests', order.interests],
    ['Budget', formatBudget(order.budget, '$')],
    ['Default option', order.defaultOption],
    ['Comments', order.comments],
  ];

  // Bootstrap's card and button markup written out, not react-bootstrap's Card and Button: the list
  // draws hundreds of these at once, and the markup is the same without their hooks and contexts. For the
  // same reason each card is kept to few DOM nodes: the picture (decorative) is its art's background, not
  // an <img> with its own loading work, the fields are the <dl>'s own children, and each line of text is
  // one text node.
  return (
    <article
      data-testid="order-card"
      // A link to /orders?order=<id> scrolls to this card and focuses it (OrderCards).
      id={`order-${order._id}`}
      tabIndex={-1}
      aria-labelledby={`order-title-${order._id}`}
      className="order-card h-100 shadow-sm card"
    >
      <div className={`order-card__art gift-art-${giftPictureFor(order._id)}`} />
      <div className="card-body">
        <div className="d-flex align-items-start justify-content-between gap-2 mb-1">
          <h3 className="h5 mb-0 text-break card-title" id={`order-title-${order._id}`}>
            {`Gift for ${order.recipientName}`}
          </h3>
          {/* text-bg-* picks a readable text colour for each background in both colour modes. */}
          <span className={`badge order-status text-bg-${STATUS_VARIANT[order.status]}`}>
            {capitalise(order.status)}
          </span>
        </div>
        {order.date && (
          <p className="text-body-secondary mb-3">
            {/* The spec's sentence keeps the date as YYYY-MM-DD; the day in words follows it. */}
            <span>{`Your Order will Delivered by ${order.date}`}</span>
            {' ('}
            <DateInWords date={order.date} weekday className="text-nowrap" />)
          </p>
        )}
        {order.status === 'rejected' && order.statusReason && (
          <div className="border border-danger-subtle bg-danger-subtle text-danger-emphasis rounded px-3 py-2 mb-3 small">
            <p className="mb-1 fw-semibold text-break">Rejected: {order.statusReason}</p>
            <p className="mb-0">{MESSAGES.rejectedWhatNext}</p>
          </div>
        )}
        <ProposalPanel order={order} />
        <ShipmentPanel order={order} />
        <FeedbackPanel order={order} />
        <dl className="order-fields mb-0">
          {fields.map(([label, value]) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd className="text-break">{value || <span className="text-body-secondary">—</span>}</dd>
            </Fragment>
          ))}
        </dl>
      </div>
      <div className="bg-transparent card-footer">
        <div className="d-flex gap-2">
          <button
            type="button"
            onClick={() => onEdit(order)}
            disabled={locked}
            aria-label={`Edit order for ${order.recipientName}`}
            aria-describedby={locked ? lockId : undefined}
            className="btn btn-outline-primary btn-sm"
          >
            Edit
          </button>
          <button
            type="button"
            onClick={() => onDelete(order)}
            disabled={locked}
            aria-label={`Delete order for ${order.recipientName}`}
            aria-describedby={locked ? lockId : undefined}
            className="btn btn-outline-danger btn-sm"
          >
            Delete
          </button>
        </div>
        {locked && (
          <p className="small text-body-secondary mt-2 mb-0" id={lockId}>
            {LOCK_REASON[order.status]}
          </p>
        )}
        <TimelinePanel orderId={order._id} />
      </div>
    </article>
  );
});
