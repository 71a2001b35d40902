import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';

import { occurrenceText } from '#contract/limits';
import type { Occasion } from '#contract/occasions';
import { deleteOccasion } from '@/api/occasions';
import { FormError } from '@/components/FormError';
import { useSubmit } from '@/hooks/useSubmit';

/** Deleting an occasion ends its reminders; orders placed for it stay. Confirmed first; Cancel has the focus. */
export function DeleteOccasionDialog({
  occasion,
  onClose,
  onDeleted,
}: {
  occasion: Occasion;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { busy, error, submit } = useSubmit({
    onSuccess: () => {
      onClose();
      onDeleted();
    },
    fallbackError: 'The occasion could not be deleted.',
    what: 'Deleting the occasion',
  });
  return (
    <Modal show onHide={busy ? () => undefined : onClose} aria-labelledby="delete-occasion-title" centered>
      <Modal.Header closeButton={!busy} closeLabel="Close dialog">
        <Modal.Title id="delete-occasion-title">Delete this occasion?</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <FormError message={error} className="mb-3" />
        <p className="mb-0">
          We will stop reminding you of <strong>{occurrenceText(occasion)}</strong>. Orders already placed stay as they
          are.
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button variant="danger" onClick={() => void submit(() => deleteOccasion(occasion._id))} disabled={busy}>
          {busy && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
          Delete occasion
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
