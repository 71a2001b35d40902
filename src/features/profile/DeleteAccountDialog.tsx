import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useNavigate } from 'react-router-dom';

import type { AnswerOf } from '#contract/api';
import { deleteAccount } from '@/api/auth';
import { DialogFooter } from '@/components/DialogFooter';
import { ProblemScope } from '@/components/FormProblem';
import { PasswordField } from '@/components/PasswordField';
import { SubmitButton } from '@/components/SubmitButton';
import { useSubmit } from '@/hooks/useSubmit';
import { clearToken } from '@/lib/storage';

/** Asks for the current password before the account is deleted, then signs out (the session is gone too). */
export function DeleteAccountDialog({ show, onCancel }: { show: boolean; onCancel: () => void }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const { busy, problem, setError, submit } = useSubmit<AnswerOf<'deleteAccount'>>({
    onSuccess: () => {
      clearToken('customer');
      void navigate('/', { replace: true });
    },
    fallbackError: 'Your account could not be deleted.',
    what: 'Deleting the account',
  });

  return (
    <Modal
      show={show}
      onHide={busy ? undefined : onCancel}
      onExited={() => {
        setPassword('');
        setError(null);
      }}
      aria-labelledby="delete-account-title"
      aria-describedby="delete-account-what"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit(() => deleteAccount(password), event.currentTarget);
        }}
      >
        <Modal.Header closeButton={!busy} closeLabel="Close dialog">
          <Modal.Title id="delete-account-title" as="h2" className="h5">
            Delete your account?
          </Modal.Title>
        </Modal.Header>
        <ProblemScope problem={problem}>
          <Modal.Body>
            <p id="delete-account-what">
              This cannot be undone. Your profile, occasions, reminders and sign-ins are erased and you are signed out.
              Orders not yet delivered are cancelled; delivered orders are kept without your details.
            </p>
            <PasswordField
              label="Your current password"
              value={password}
              onChange={setPassword}
              autoComplete="current-password"
              required
            />
          </Modal.Body>
          <DialogFooter busy={busy} onCancel={onCancel}>
            <SubmitButton variant="danger" busy={busy} busyText="Deleting…" disabled={password === ''}>
              Delete my account
            </SubmitButton>
          </DialogFooter>
        </ProblemScope>
      </form>
    </Modal>
  );
}
