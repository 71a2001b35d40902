import { useId, type ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';

import type { ApiAnswer } from '@/api/client';
import { DialogFooter } from '@/components/DialogFooter';
import { ProblemScope } from '@/components/FormProblem';
import { BusyButton } from '@/components/SubmitButton';
import { useSubmit } from '@/hooks/useSubmit';

interface Props {
  title: string;
  children: ReactNode;
  /** The danger button's text ("Delete person"). */
  confirm: string;
  send: () => Promise<ApiAnswer>;
  onClose: () => void;
  /** After a success, once the dialog has closed. */
  onDone?: () => void;
  /** What the console calls the request when it fails. */
  what: string;
}

/** Asks before a deletion; Cancel has the focus, Escape closes; a refusal's reason shows beside the buttons, focused. */
export function ConfirmDialog({ title, children, confirm, send, onClose, onDone, what }: Props) {
  const titleId = useId();
  const { busy, problem, submit } = useSubmit({
    onSuccess: () => {
      onClose();
      onDone?.();
    },
    fallbackError: `${what} failed.`,
    what,
  });
  return (
    <Modal show onHide={busy ? () => undefined : onClose} aria-labelledby={titleId} centered>
      <Modal.Header closeButton={!busy} closeLabel="Close dialog">
        <Modal.Title id={titleId}>{title}</Modal.Title>
      </Modal.Header>
      <ProblemScope problem={problem}>
        <Modal.Body>{children}</Modal.Body>
        <DialogFooter busy={busy} onCancel={onClose} focusCancel>
          <BusyButton variant="danger" busy={busy} busyText="Deleting…" onClick={() => void submit(send)}>
            {confirm}
          </BusyButton>
        </DialogFooter>
      </ProblemScope>
    </Modal>
  );
}
