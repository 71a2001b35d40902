import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { deleteGift } from '@/api/gifts';
import type { GiftOrder } from '#contract/gifts';

interface Props {
  order: GiftOrder;
  onClose: () => void;
  /** Reloads the list (after the deletion, or to show the order's current state after a refusal). */
  refresh: () => void;
}

/** A deletion cannot be undone, so it is confirmed first. Cancel has the focus; Escape cancels. */
export function DeleteOrderDialog({ order, onClose, refresh }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await deleteGift(order._id);
      if (answer.success) {
        onClose();
        refresh();
        return;
      }
      // Spec §8: deleting failures are logged; the dialog also says why.
      console.error('Order deletion refused', answer.error);
      setError(answer.error ?? 'The order could not be deleted.');
      // The order may have changed (e.g. an admin started on it): show its current state.
      refresh();
    } catch (err) {
      console.error('Order deletion failed', err);
      setError(err instanceof Error ? err.message : String(err));
    }
    setBusy(false);
  };

  return (
    <Modal show onHide={busy ? () => undefined : onClose} aria-labelledby="delete-order-title" centered>
      <Modal.Header closeButton={!busy} closeLabel="Close dialog">
        <Modal.Title id="delete-order-title">Delete this order?</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {error && (
          <Alert variant="danger" role="alert">
            {error}
          </Alert>
        )}
        <p className="mb-0">
          The gift for <strong>{order.recipientName}</strong>
          {order.date ? ` on ${order.date}` : ''} will be cancelled. This cannot be undone.
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button variant="danger" onClick={confirm} disabled={busy} aria-busy={busy}>
          {busy && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
          Delete order
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
