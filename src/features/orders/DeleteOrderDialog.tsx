import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';

import type { Order } from '#contract/orders';
import { deleteOrder } from '@/api/orders';
import { DateInWords } from '@/components/DateInWords';
import { DialogFooter } from '@/components/DialogFooter';
import { ProblemScope } from '@/components/FormProblem';
import { useSubmit } from '@/hooks/useSubmit';

interface Props {
  order: Order;
  onClose: () => void;
  /** Reloads the list (after the deletion, or to show the order's current state after a refusal). */
  refresh: () => void;
}

/** A deletion cannot be undone, so it is confirmed first. Cancel has the focus; Escape cancels. */
export function DeleteOrderDialog({ order, onClose, refresh }: Props) {
  const { busy, problem, submit } = useSubmit({
    onSuccess: () => {
      onClose();
      refresh();
    },
    // Deleting failures are logged; the dialog also says why.
    onRefused: (reason) => {
      console.error('Order deletion refused', reason);
      // The order may have changed (e.g. an admin started on it): show its current state.
      refresh();
    },
    fallbackError: 'The order could not be deleted.',
    what: 'Order deletion',
  });
  const confirm = () => submit(() => deleteOrder(order._id));

  return (
    <Modal show onHide={busy ? () => undefined : onClose} aria-labelledby="delete-order-title" centered>
      <Modal.Header closeButton={!busy} closeLabel="Close dialog">
        <Modal.Title id="delete-order-title">Delete this order?</Modal.Title>
      </Modal.Header>
      <ProblemScope problem={problem}>
        <Modal.Body>
          <p className="mb-0">
            The gift for <strong>{order.recipientName}</strong>
            {order.date && (
              <>
                {' on '}
                <DateInWords date={order.date} weekday />
              </>
            )}{' '}
            will be cancelled. This cannot be undone.
          </p>
        </Modal.Body>
        <DialogFooter busy={busy} onCancel={onClose} focusCancel>
          <Button variant="danger" onClick={confirm} disabled={busy} aria-busy={busy}>
            {busy && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
            Delete order
          </Button>
        </DialogFooter>
      </ProblemScope>
    </Modal>
  );
}
