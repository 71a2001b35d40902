import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';

import type { MailStatus } from '#contract/emailVerification';
import { answerOrNull } from '@/api/client';
import { getMailStatus, resendVerification } from '@/api/emailVerification';
import { useSubmit } from '@/hooks/useSubmit';

/**
 * What mail does not reach the signed-in customer: an address not verified yet (with "send the link again"),
 * and reminder and order emails the daily budget held back today. Nothing while all is well, or when the status
 * could not be read (the page works without it). Loaded by the screens that show it, never by the shell.
 */
export function MailStatusNotice() {
  const [status, setStatus] = useState<MailStatus | null>(null);
  const [sent, setSent] = useState(false);
  const { busy, error, submit } = useSubmit({
    onSuccess: () => setSent(true),
    fallbackError: 'The link could not be sent. Try again later.',
    what: 'Sending the verification link',
  });

  useEffect(() => {
    let live = true;
    void answerOrNull(getMailStatus, 'Loading the email status').then((answer) => {
      if (live) setStatus(answer);
    });
    return () => {
      live = false;
    };
  }, []);

  if (!status) return null;
  const held = status.heldToday;
  return (
    <div aria-live="polite">
      {!status.verified && (
        <div className="alert alert-warning text-break mb-4" role="region" aria-label="Verification needed">
          <p className="mb-2">
            Your email address <strong>{status.email}</strong> is not verified yet. Until you open the link we emailed
            you, we send you no reminders and no order emails.
          </p>
          {sent ? (
            <p className="mb-0" role="status">
              We sent a new link to {status.email}. It may take a few minutes to arrive.
            </p>
          ) : (
            <Button variant="primary" size="sm" disabled={busy} onClick={() => void submit(resendVerification)}>
              {busy ? 'Sending…' : 'Send the link again'}
            </Button>
          )}
          {error && <p className="text-danger small mt-2 mb-0">{error}</p>}
        </div>
      )}
      {held > 0 && (
        <p className="alert alert-info mb-4">
          {held === 1 ? '1 email was' : `${held} emails were`} not sent today because your account reached its daily
          limit of {status.dailyLimit} reminder and order emails.
        </p>
      )}
    </div>
  );
}
