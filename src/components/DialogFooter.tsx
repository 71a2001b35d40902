import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

import { SubmitError } from './FormProblem';

/**
 * A dialog's foot, inside its ProblemScope: what went wrong with its last submit (beside the buttons, where the eye
 * is, and focused: FormProblem), the way out, then the dialog's own action (`children`).
 */
export function DialogFooter({
  busy,
  onCancel,
  cancelLabel = 'Cancel',
  focusCancel = false,
  children,
}: {
  busy: boolean;
  onCancel: () => void;
  cancelLabel?: string;
  /** A dialog that confirms a deletion opens with the focus on the way out. */
  focusCancel?: boolean;
  children: ReactNode;
}) {
  return (
    <Modal.Footer>
      <SubmitError inFooter />
      <Button variant="secondary" onClick={onCancel} disabled={busy} autoFocus={focusCancel}>
        {cancelLabel}
      </Button>
      {children}
    </Modal.Footer>
  );
}
