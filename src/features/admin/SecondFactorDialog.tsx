import { useCallback, useRef, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

import { sendWithCode, verifySecondFactor } from '@/api/admin';
import { SubmitButton } from '@/components/SubmitButton';
import { describeError } from '@/lib/errors';

import { SecondFactorCodeField } from './SecondFactorCodeField';

/**
 * A call the server refused for want of a recent code (403 with `secondFactor: "totp"`; decision 0044 lists them):
 * `confirm()` opens a dialog asking for one, sends it (POST /api/admin/2fa/verify) and resolves true once it was
 * accepted, so the caller can try again; false when the admin cancels. `withCode(send)` does all three for a call.
 */
export function useSecondFactorPrompt(): {
  confirm: () => Promise<boolean>;
  withCode: <A extends object>(send: () => Promise<A>) => Promise<A>;
  dialog: ReactNode;
} {
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

  // Stable, so that screens may ask from an effect.
  const confirm = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        settle.current = resolve;
        setCode('');
        setError(null);
        setShow(true);
      }),
    [],
  );
  const withCode = useCallback(<A extends object>(send: () => Promise<A>) => sendWithCode(send, confirm), [confirm]);

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
          <p>This needs a fresh code from your authenticator app.</p>
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

  return { confirm, withCode, dialog };
}
