import { useEffect, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';

import type { TotpSetupAnswer } from '#contract/secondFactor';
import { confirmTotpEnrolment, startTotpEnrolment } from '@/api/admin';
import { PageSpinner } from '@/components/PageSpinner';
import { SubmitButton } from '@/components/SubmitButton';
import { describeError } from '@/lib/errors';
import { saveFile } from '@/lib/saveFile';

import { TotpCodeField } from './SecondFactorCodeField';

interface Props {
  /** The enrol-only token the sign-in answered (kept in memory: it opens nothing else). */
  token: string;
  /** The enrolment is done and the recovery codes saved: the token now opens the admin area. */
  onDone: () => void;
}

type Setup = Omit<TotpSetupAnswer, 'success'>;

/** The secret in groups of four, as it is easier to type. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * The enrolment of an authenticator app, after the sign-in of an admin without a second factor: scan the QR code
 * (or type the secret), confirm with a code, then save the ten recovery codes, shown this once.
 */
export default function TotpEnrolment({ token, onDone }: Props) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    let live = true;
    startTotpEnrolment(token)
      .then((answer) => {
        if (!live) return;
        if (answer.success) setSetup({ secret: answer.secret, otpauthUrl: answer.otpauthUrl, qrCode: answer.qrCode });
        else setLoadError(answer.error);
      })
      .catch((err: unknown) => live && setLoadError(describeError(err)));
    return () => {
      live = false;
    };
  }, [token]);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await confirmTotpEnrolment(token, code);
      if (answer.success) setRecoveryCodes(answer.recoveryCodes);
      else setError(answer.error);
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  };

  const codesText = recoveryCodes
    ? `Giftwise admin recovery codes (each works once):\n${recoveryCodes.join('\n')}\n`
    : '';
  const copy = async () => {
    await navigator.clipboard.writeText(codesText);
    setCopied(true);
  };
  const download = () => saveFile(new Blob([codesText], { type: 'text/plain' }), 'giftwise-recovery-codes.txt');

  return (
    <Card className="form-narrow mx-auto shadow-sm totp-enrolment">
      <Card.Body className="p-4">
        <h1 className="h3 mb-3">Set up two-factor sign-in</h1>
        {recoveryCodes ? (
          <>
            <Alert variant="success">Your authenticator app is set up.</Alert>
            <h2 className="h5">Save your recovery codes</h2>
            <p>
              If you lose your phone, each of these codes signs you in once instead of a code from the app. They are
              shown only now: keep them somewhere safe, such as a password manager.
            </p>
            <ol className="recovery-codes font-monospace" aria-label="Recovery codes">
              {recoveryCodes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ol>
            <div className="d-flex gap-2 mb-3">
              <Button variant="outline-secondary" size="sm" onClick={() => void copy()}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
              <Button variant="outline-secondary" size="sm" onClick={download}>
                Download
              </Button>
            </div>
            <Button className="w-100" onClick={onDone}>
              I have saved them
            </Button>
          </>
        ) : loadError ? (
          <Alert variant="danger" role="alert">
            Could not start the set-up: {loadError}
          </Alert>
        ) : !setup ? (
          <PageSpinner label="Making your secret…" />
        ) : (
          <>
            <p>
              Every admin signs in with a code from an authenticator app too. Scan this QR code with the app (for
              example Google Authenticator, Microsoft Authenticator, 1Password or Aegis).
            </p>
            <div className="text-center mb-3">
              <img
                src={setup.qrCode}
                alt="QR code to scan with your authenticator app"
                width={200}
                height={200}
                className="bg-white p-1 rounded"
              />
            </div>
            <p className="mb-1">Or enter this key in the app by hand:</p>
            <p>
              <code className="fs-6" aria-label="Secret key">
                {grouped(setup.secret)}
              </code>
            </p>
            <Form noValidate onSubmit={confirm} aria-describedby={error ? 'totp-enrol-error' : undefined}>
              <TotpCodeField
                id="totp-enrol-code"
                label="Code from the app"
                value={code}
                onChange={setCode}
                disabled={busy}
                help="The 6-digit code the app shows for Giftwise."
              />
              <SubmitButton busy={busy} busyText="Checking…" className="w-100">
                Confirm
              </SubmitButton>
              <p id="totp-enrol-error" className="text-danger small mt-3 mb-0" role="alert">
                {error}
              </p>
            </Form>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
