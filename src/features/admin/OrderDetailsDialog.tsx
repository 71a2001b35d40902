import { type ReactNode, useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { getOrderDetails, updateGiftStatus } from '@/api/admin';
import { PageSpinner } from '@/components/PageSpinner';
import type { AdminOrderDetails, AdminUserDetails, StatusEvent } from '#contract/admin';
import { MESSAGES } from '#contract/messages';
import { type OrderStatus, STATUS_ACTIONS, type StatusAction } from '#contract/orderStatus';
import { useSubmit } from '@/hooks/useSubmit';
import { notify } from '@/lib/notify';
import { formatBudget, orNA } from './format';

interface Props {
  orderId: string;
  show: boolean;
  onHide: () => void;
  onExited: () => void;
  /** A status action succeeded: the page closes the dialog and reloads its list. */
  onStatusChanged: () => void;
}

interface Details {
  orderDetails: AdminOrderDetails;
  userDetails: AdminUserDetails;
}

export const STATUS_BADGE: Record<OrderStatus, { bg: string; text?: 'dark' | 'light' }> = {
  new: { bg: 'info', text: 'dark' },
  processed: { bg: 'warning', text: 'dark' },
  finished: { bg: 'success' },
  rejected: { bg: 'danger' },
};

const ACTION_VARIANT: Record<StatusAction, string> = { Proceed: 'primary', Finish: 'success', Reject: 'outline-danger' };
const ACTION_PAST: Record<StatusAction, string> = { Proceed: 'Proceeded', Finish: 'Finished', Reject: 'Rejected' };

export function StatusBadge({ status }: { status: OrderStatus }) {
  const style = STATUS_BADGE[status];
  return (
    <Badge bg={style.bg} text={style.text} className="text-capitalize">
      {status}
    </Badge>
  );
}

/** "View Order": the order with its status and history, the customer, and the allowed status actions. */
export default function OrderDetailsDialog({ orderId, show, onHide, onExited, onStatusChanged }: Props) {
  const [refreshes, setRefreshes] = useState(0);
  const key = `${orderId}#${refreshes}`;
  const [loaded, setLoaded] = useState<{ key: string; details: Details } | null>(null);
  /** The action whose button shows the spinner while the change is sent. */
  const [acting, setActing] = useState<StatusAction | null>(null);
  const { busy, error, submit } = useSubmit<{ to: OrderStatus }>({
    onSuccess: ({ to }) => {
      notify(MESSAGES.statusUpdated(to));
      onStatusChanged();
    },
    refusalAlert: MESSAGES.failedToUpdateStatus,
    // Someone else may have moved the order: fetch it again, so the buttons follow its real status.
    onRefused: () => setRefreshes((n) => n + 1),
    failureAlert: MESSAGES.errorUpdatingStatus,
    fallbackError: MESSAGES.failedToUpdateStatus,
    what: 'Updating order status',
  });
  // The parent's onHide may be a new function each render; loading must not restart because of it.
  const onHideRef = useRef(onHide);
  useEffect(() => {
    onHideRef.current = onHide;
  });

  useEffect(() => {
    let live = true;
    const fail = (err?: unknown) => {
      if (!live) return;
      if (err) console.error('Loading order details failed', err);
      notify(MESSAGES.failedToFetchOrderDetails);
      onHideRef.current();
    };
    getOrderDetails(orderId)
      .then((answer) => {
        if (!live) return;
        if (answer.success) setLoaded({ key, details: { orderDetails: answer.orderDetails, userDetails: answer.userDetails } });
        else fail();
      })
      .catch(fail);
    return () => {
      live = false;
    };
  }, [orderId, key]);

  // After a refused action, keep showing what we had until the fresh details arrive.
  const details = loaded?.details.orderDetails._id === orderId ? loaded.details : null;

  const act = (action: StatusAction, to: OrderStatus) => {
    if (!details) return;
    setActing(action);
    const from = details.orderDetails.status;
    void submit(async () => {
      const answer = await updateGiftStatus(orderId, to, from);
      return answer.success ? { ...answer, to } : answer;
    });
  };

  const actions = details ? STATUS_ACTIONS[details.orderDetails.status] : [];

  return (
    <Modal
      show={show}
      onHide={onHide}
      onExited={onExited}
      size="lg"
      fullscreen="sm-down"
      scrollable
      aria-labelledby="order-details-title"
    >
      <Modal.Header closeButton closeLabel="Close dialog">
        <Modal.Title id="order-details-title" as="h2" className="h5">
          Order and User Details
        </Modal.Title>
      </Modal.Header>
      {/* Focusable, so keyboard users can scroll a long order (the body scrolls on its own). */}
      <Modal.Body tabIndex={0}>
        {!details ? (
          <PageSpinner label="Loading order details…" />
        ) : (
          <>
            {error && (
              <Alert variant="danger" className="py-2">
                {error}
              </Alert>
            )}
            <Row className="g-4">
              <Col md={6}>
                <OrderSection order={details.orderDetails} />
              </Col>
              <Col md={6}>
                <CustomerSection user={details.userDetails} />
                <HistorySection events={details.orderDetails.statusHistory} />
              </Col>
            </Row>
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        {actions.map(({ action, to }) => (
          <Button
            key={action}
            variant={ACTION_VARIANT[action]}
            disabled={busy}
            aria-busy={busy && acting === action}
            onClick={() => act(action, to)}
          >
            {busy && acting === action && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
            {action}
          </Button>
        ))}
        <Button variant="secondary" onClick={onHide} disabled={busy}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

function OrderSection({ order }: { order: AdminOrderDetails }) {
  return (
    <section aria-labelledby="order-section-title">
      <h3 id="order-section-title" className="h6 text-uppercase text-body-secondary admin-section-title">
        Order
      </h3>
      <dl className="admin-facts">
        <Fact label="Status" value={<StatusBadge status={order.status} />} />
        <Fact label="Recipient name" value={orNA(order.recipientName)} />
        <Fact label="Relationship" value={orNA(order.relationship)} />
        <Fact label="Occasion" value={orNA(order.occasion)} />
        <Fact label="Gender" value={orNA(order.gender)} />
        <Fact label="Address" value={orNA(order.address)} />
        <Fact label="Phone number" value={orNA(order.phoneNumber)} />
        <Fact label="Email" value={orNA(order.email)} />
        <Fact label="Interests" value={orNA(order.interests)} />
        <Fact label="Budget" value={formatBudget(order.budget)} />
        <Fact label="Default option" value={orNA(order.defaultOption)} />
        <Fact label="Comments" value={orNA(order.comments)} />
        <Fact label="Delivery date" value={order.date ? <time dateTime={order.date}>{order.date}</time> : 'N/A'} />
      </dl>
    </section>
  );
}

function CustomerSection({ user }: { user: AdminUserDetails }) {
  const expiry =
    user.cardExpirationMonth && user.cardExpirationYear
      ? `${String(user.cardExpirationMonth).padStart(2, '0')}/${user.cardExpirationYear}`
      : 'N/A';
  return (
    <section aria-labelledby="customer-section-title">
      <h3 id="customer-section-title" className="h6 text-uppercase text-body-secondary admin-section-title">
        Customer
      </h3>
      <dl className="admin-facts">
        <Fact label="Name" value={orNA(user.name)} />
        <Fact label="Email" value={orNA(user.email)} />
        <Fact label="Customer since" value={orNA(user.date)} />
        <Fact label="Address" value={orNA(user.address)} />
        <Fact label="Phone" value={orNA(user.phno)} />
        <Fact label="Card holder" value={orNA(user.cardHolderName)} />
        <Fact label="Card number" value={user.cardNumber ? user.cardNumber : 'No card saved'} />
        <Fact label="CVV" value="not stored" />
        <Fact label="Card expiry" value={expiry} />
        <Fact label="Billing zip code" value={orNA(user.billingZipCode)} />
      </dl>
    </section>
  );
}

function describeEvent(event: StatusEvent): string {
  if (event.fromStatus === null) return 'Order placed';
  const from = event.fromStatus;
  const action = STATUS_ACTIONS[from].find((a) => a.to === event.toStatus)?.action;
  return `${action ? ACTION_PAST[action] : 'Moved'}: ${from} → ${event.toStatus}`;
}

function HistorySection({ events }: { events: StatusEvent[] }) {
  return (
    <section aria-labelledby="history-section-title" className="mt-4">
      <h3 id="history-section-title" className="h6 text-uppercase text-body-secondary admin-section-title">
        Status history
      </h3>
      <ol className="admin-timeline list-unstyled mb-0">
        {events.map((event, i) => (
          <li key={`${event.changedAt}-${i}`} className={`admin-timeline-item status-${event.toStatus}`}>
            <div className="fw-semibold">{describeEvent(event)}</div>
            <div className="small text-body-secondary">
              <time dateTime={event.changedAt}>{new Date(event.changedAt).toLocaleString()}</time>
              {event.adminEmail ? ` · by ${event.adminEmail}` : event.fromStatus === null ? ' · by the customer' : ''}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
