import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';

import type { AnswerOf } from '#contract/api';
import { rotateCalendarUrl } from '@/api/preferences';
import { FormError } from '@/components/FormError';
import { useSubmit } from '@/hooks/useSubmit';

/**
 * The private address of the customer's calendar feed, to subscribe to from Google, Apple or Outlook
 * calendars; Copy, and "Reset link" (asked first: the old address stops working).
 */
export function CalendarFeedSection({ initialUrl }: { initialUrl: string | null }) {
  const id = useId();
  const [url, setUrl] = useState(initialUrl);
  const [status, setStatus] = useState('');
  const [confirming, setConfirming] = useState(false);
  const { busy, error, submit } = useSubmit<AnswerOf<'rotateCalendarUrl'>>({
    onSuccess: (answer) => {
      setUrl(answer.url);
      setConfirming(false);
      setStatus('A new address is ready. The old one no longer works.');
    },
    fallbackError: 'The address could not be reset.',
    what: 'Resetting the calendar address',
  });

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setStatus('Copied');
    } catch (err) {
      console.error('Copy failed', err);
      setStatus('Copy failed: select the address and copy it yourself.');
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="card mb-4 shadow-sm">
      <div className="card-body p-4">
        <h2 id={`${id}-title`} className="h5 mb-3">
          Calendar feed
        </h2>
        <p className="text-body-secondary small">
          Subscribe to this private address in Google, Apple or Outlook calendar to see your dates and deliveries there.
          Anyone with it can read them, so keep it to yourself.
        </p>
        {url === null ? (
          <p className="text-body-secondary">The address could not be loaded. Reload the page to try again.</p>
        ) : (
          <>
            <Form.Label htmlFor={`${id}-url`}>Calendar feed link</Form.Label>
            <InputGroup className="mb-2">
              <Form.Control id={`${id}-url`} value={url} readOnly onFocus={(e) => e.target.select()} />
              <Button variant="outline-secondary" onClick={() => void copy()}>
                Copy
              </Button>
            </InputGroup>
            {confirming ? (
              <div className="d-flex flex-wrap align-items-center gap-2" role="group" aria-label="Reset the address?">
                <span className="small">The old address will stop working in every calendar that uses it.</span>
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() => void submit(rotateCalendarUrl)}
                  disabled={busy}
                  autoFocus
                >
                  {busy ? 'Resetting…' : 'Reset now'}
                </Button>
                <Button size="sm" variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>
                  Cancel
                </Button>
              </div>
            ) : (
              <Button size="sm" variant="outline-danger" onClick={() => setConfirming(true)}>
                Reset link
              </Button>
            )}
            <p aria-live="polite" className="small text-success mt-2 mb-0">
              {status}
            </p>
            <FormError message={error} />
          </>
        )}
      </div>
    </section>
  );
}
