import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

import { SubmitButton } from '@/components/SubmitButton';

import { ReasonField } from './ReasonField';

interface Props {
  show: boolean;
  title: string;
  busy: boolean;
  onCancel: () => void;
  onReject: (reason: string) => void;
}

/** Asks for the optional reason of a rejection (the customer sees it), then rejects. */
export function RejectDialog({ show, title, busy, onCancel, onReject }: Props) {
  const [reason, setReason] = useState('');
  return (
    <Modal show={show} onHide={onCancel} onExited={() => setReason('')} aria-labelledby="reject-title">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onReject(reason);
        }}
      >
        <Modal.Header closeButton closeLabel="Close dialog">
          <Modal.Title id="reject-title" as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <ReasonField id="bulk-reject-reason" value={reason} onChange={setReason} disabled={busy} />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <SubmitButton variant="danger" busy={busy}>
            Reject
          </SubmitButton>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
