import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';

import type { SuccessOf } from '#contract/api';
import { MESSAGES } from '#contract/messages';
import { STATUS_ACTIONS, type OrderStatus, type StatusAction } from '#contract/orderStatus';
import { getOrderDetails, updateOrderStatus } from '@/api/admin';
import type { ApiAnswer } from '@/api/client';
import { ProblemScope, SubmitError } from '@/components/FormProblem';
import { PageSpinner } from '@/components/PageSpinner';
import { useSubmit } from '@/hooks/useSubmit';
import { notify } from '@/lib/notify';

import { EarlierOrdersSection } from './EarlierOrdersSection';
import { EraseCustomerAction } from './EraseCustomerAction';
import { DeliveryFields, newDelivery } from './journey/DeliveryFields';
import { NotesSection } from './journey/NotesSection';
import { ProposalSection } from './journey/ProposalSection';
import { ShipmentSection } from './journey/ShipmentSection';
import { TimelineSection } from './journey/TimelineSection';
import { CustomerSection, OrderSection } from './OrderDetailsSections';
import { ReasonField } from './ReasonField';
import { useSecondFactorPrompt } from './SecondFactorDialog';

interface Props {
  orderId: string;
  show: boolean;
  onHide: () => void;
  onExited: () => void;
  /** A status action succeeded: the page closes the dialog and reloads its list. */
  onStatusChanged: () => void;
}

/** Everything getOrderDetails answers, for the dialog's sections. */
type Details = Omit<SuccessOf<'getOrderDetails'>, 'success'>;

const ACTION_VARIANT: Record<StatusAction, string> = {
  Proceed: 'primary',
  Finish: 'success',
  Reject: 'outline-danger',
};

/** "View Order": the order with its status and history, the customer, and the allowed status actions. */
export default function OrderDetailsDialog({ orderId, show, onHide, onExited, onStatusChanged }: Props) {
  const [refreshes, setRefreshes] = useState(0);
  const key = `${orderId}#${refreshes}`;
  const [loaded, setLoaded] = useState<{ key: string; details: Details } | null>(null);
  /** The action whose button shows the spinner while the change is sent. */
  const [acting, setActing] = useState<StatusAction | null>(null);
  /** Sent with a Reject: kept in the history and shown to the customer. */
  const [reason, setReason] = useState('');
  /** Sent with a Finish: the day it was delivered and a note for the customer. */
  const [delivery, setDelivery] = useState(newDelivery);
  const { busy, problem, submit } = useSubmit<ApiAnswer<{ to: OrderStatus }>>({
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
  const { withCode, dialog: secondFactorDialog } = useSecondFactorPrompt();
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
    // The order's customer's address and phone want a recent code (decision 0044): asked for here, then again.
    withCode(() => getOrderDetails(orderId))
      .then((answer) => {
        if (!live) return;
        if (answer.success) {
          const { success: _, ...details } = answer;
          setLoaded({ key, details });
        } else fail();
      })
      .catch(fail);
    return () => {
      live = false;
    };
  }, [orderId, key, withCode]);

  // After a refused action, keep showing what we had until the fresh details arrive.
  const details = loaded?.details.orderDetails._id === orderId ? loaded.details : null;

  const act = (action: StatusAction, to: OrderStatus) => {
    if (!details) return;
    setActing(action);
    const from = details.orderDetails.status;
    void submit(async () => {
      // A rejection wants a recent code (decision 0044): asked for here, then the same move again.
      const answer = await withCode(() =>
        updateOrderStatus(
          orderId,
          to,
          from,
          to === 'rejected' ? reason : undefined,
          to === 'finished' ? delivery : undefined,
        ),
      );
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
            <Row className="g-4">
              <Col md={6}>
                <OrderSection order={details.orderDetails} />
                <ShipmentSection order={details.orderDetails} onRecorded={() => setRefreshes((n) => n + 1)} />
                <EarlierOrdersSection
                  orders={details.earlierOrders}
                  recipientName={details.orderDetails.recipientName}
                />
                <ProposalSection order={details.orderDetails} onProposed={() => setRefreshes((n) => n + 1)} />
                <NotesSection orderId={orderId} notes={details.notes} />
              </Col>
              <Col md={6}>
                <CustomerSection user={details.userDetails} />
                {details.userDetails.email && (
                  <EraseCustomerAction email={details.userDetails.email} onErased={onStatusChanged} />
                )}
                <TimelineSection steps={details.timeline} />
              </Col>
            </Row>
            {actions.some((a) => a.to === 'finished') && (
              <DeliveryFields value={delivery} onChange={setDelivery} disabled={busy} />
            )}
            {actions.some((a) => a.to === 'rejected') && (
              <div className="mt-4">
                <ReasonField id="order-reject-reason" value={reason} onChange={setReason} disabled={busy} />
              </div>
            )}
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        {/* The moves are pressed here, at the foot of a long order: a refusal shows beside them, focused. */}
        <ProblemScope problem={problem}>
          <SubmitError inFooter />
        </ProblemScope>
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
      {secondFactorDialog}
    </Modal>
  );
}
