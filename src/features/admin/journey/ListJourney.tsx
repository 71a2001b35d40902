import { useState } from 'react';
import Form from 'react-bootstrap/Form';

import type { AdminOrderListItem } from '#contract/admin';
import { isTrackingUrl } from '#contract/shippingLimits';
import { DateInWords } from '@/components/DateInWords';
import { formatBudget } from '@/lib/money';

/**
 * The gift's journey in the admin's order list (docs/admin-console.md): the proposal's title and price and the
 * tracking, as two columns of the table that staff show or hide (remembered in this browser), and as facts on the
 * phone's cards.
 */

const STORAGE_KEY = 'giftwise.admin.listJourney';

/** Whether the table shows the gift and tracking columns, and a switch for it, kept across visits. */
export function useJourneyColumns(): [boolean, (shown: boolean) => void] {
  const [shown, setShown] = useState(() => {
    try {
      return localStorage.getItem(STORAGE_KEY) === 'shown';
    } catch {
      return false;
    }
  });
  const change = (next: boolean) => {
    setShown(next);
    try {
      localStorage.setItem(STORAGE_KEY, next ? 'shown' : 'hidden');
    } catch {
      // Storage refused (private mode, quota): the choice lasts for this page only.
    }
  };
  return [shown, change];
}

export function JourneyColumnsSwitch({ shown, onChange }: { shown: boolean; onChange: (shown: boolean) => void }) {
  return (
    <Form.Check
      type="switch"
      role="switch"
      id="admin-list-journey"
      className="mb-2"
      label="Show gift and tracking"
      checked={shown}
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  );
}

const PROPOSAL_STATE_WORDS = {
  open: 'awaiting the customer',
  approved: 'approved',
  declined: 'customer asked for another',
  withdrawn: 'withdrawn',
} as const;

/** The proposal's title and price, and where it stands; a dash when staff have proposed nothing. */
export function ProposalSummary({ proposal }: { proposal: AdminOrderListItem['proposal'] }) {
  if (!proposal) return <span className="text-body-secondary">—</span>;
  return (
    <>
      <span className="fw-medium">{proposal.title}</span>, {formatBudget(proposal.price)}
      <div className="small text-body-secondary">{PROPOSAL_STATE_WORDS[proposal.state]}</div>
    </>
  );
}

/** The carrier and tracking number, linked to the tracking address when it is https; a dash before shipping. */
export function TrackingSummary({ order }: { order: Pick<AdminOrderListItem, 'shipment' | 'deliveredOn'> }) {
  const { shipment, deliveredOn } = order;
  if (!shipment) {
    return deliveredOn ? (
      <span className="small">
        delivered <DateInWords date={deliveredOn} />
      </span>
    ) : (
      <span className="text-body-secondary">—</span>
    );
  }
  const label = `${shipment.carrier} ${shipment.trackingNumber}`;
  return (
    <>
      {isTrackingUrl(shipment.trackingUrl) ? (
        <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
          {label}
          <span className="visually-hidden"> (tracking, opens in a new tab)</span>
        </a>
      ) : (
        label
      )}
      <div className="small text-body-secondary">
        {deliveredOn ? (
          <>
            delivered <DateInWords date={deliveredOn} />
          </>
        ) : (
          <>
            shipped <DateInWords date={shipment.shippedOn} />
          </>
        )}
      </div>
    </>
  );
}

/** The phone's card: the reason (Rejected view), the gift and the tracking, each only when there is one. */
export function JourneyFacts({ order }: { order: AdminOrderListItem }) {
  return (
    <>
      {order.status === 'rejected' && order.statusReason && (
        <>
          <dt>Reason</dt>
          <dd>{order.statusReason}</dd>
        </>
      )}
      {order.proposal && (
        <>
          <dt>Gift</dt>
          <dd>
            <ProposalSummary proposal={order.proposal} />
          </dd>
        </>
      )}
      {(order.shipment || order.deliveredOn) && (
        <>
          <dt>Tracking</dt>
          <dd>
            <TrackingSummary order={order} />
          </dd>
        </>
      )}
    </>
  );
}
