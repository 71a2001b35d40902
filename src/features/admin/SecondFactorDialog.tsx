import { useRef, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

import { verifySecondFactor } from '@/api/admin';
import { SubmitButton } from '@/components/SubmitButton';
import { describeError } from '@/lib/errors';

import { SecondFactorCodeField } from './SecondFactorCodeField';

/**
 * A sensitive action (CSV export, bulk reject, erasing a customer) the server refused for want of a recent code (403 with
 * `secondFactor: "totp"`): `confirm()` opens a dialog asking for one, sends it (POST /api/admin/2fa/verify) and
 * resolves true once it was accepted, so the caller can try the action again; false when the admin cancels.
 */
export function useSecondFactorPrompt(): { confirm: () => Promise<boolean>; dialog: ReactNode } {
  const [show, setShow] = useState(false);
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);

  const close = (confirmed: boolean) => {
    settle.current?.(confirmed);
    settle.current = null;
    setShow(false);
  };

  const confirm = () =>
    new Promise<boolean>((resolve) => {
      settle.current = resolve;
      setCode('');
      setError(null);
      setShow(true);
    });

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await verifySecondFactor(code);
      if (answer.success) close(true);
      else setError(answer.error);
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  };

  const dialog = (
    <Modal show={show} onHide={() => close(false)} aria-labelledby="second-factor-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <Modal.Header closeButton closeLabel="Close dialog">
          <Modal.Title id="second-factor-title" as="h2" className="h5">
            Confirm it is you
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>This action needs a fresh code from your authenticator app.</p>
          <SecondFactorCodeField
            id="second-factor-code"
            value={code}
            onChange={setCode}
            recovery={recovery}
            onRecoveryChange={setRecovery}
            disabled={busy}
          />
          <p className="text-danger small mb-0" role="alert">
            {error}
          </p>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => close(false)} disabled={busy}>
            Cancel
          </Button>
          <SubmitButton busy={busy} busyText="Checking…">
            Confirm
          </SubmitButton>
        </Modal.Footer>
      </form>
    </Modal>
  );

  return { confirm, dialog };
}
