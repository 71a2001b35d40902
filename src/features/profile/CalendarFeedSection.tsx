import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';

import type { AnswerOf } from '#contract/api';
import { rotateCalendarUrl } from '@/api/preferences';
import { FormError } from '@/components/FormError';
import { useSubmit } from '@/hooks/useSubmit';

import { CalendarSubscribeLinks } from './CalendarSubscribeLinks';

/**
 * The private address of the customer's calendar feed, to subscribe to from Google, Apple or Outlook
 * calendars. The server keeps only a hash of it, so it is shown once, when made, with Copy; "Reset link"
 * (asked first: the old address stops working) makes a new one.
 */
export function CalendarFeedSection({ initialActive }: { initialActive: boolean | null }) {
  const id = useId();
  const [active, setActive] = useState(initialActive);
  const [url, setUrl] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [confirming, setConfirming] = useState(false);
  const { busy, error, submit } = useSubmit<AnswerOf<'rotateCalendarUrl'>>({
    onSuccess: (answer) => {
      setStatus(active ? 'A new address is ready. The old one no longer works.' : '');
      setUrl(answer.url);
      setActive(true);
      setConfirming(false);
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
        {active === null ? (
          <p className="text-body-secondary">The address could not be loaded. Reload the page to try again.</p>
        ) : (
          <>
            {url !== null ? (
              <>
                <Form.Label htmlFor={`${id}-url`}>Calendar feed link</Form.Label>
                <InputGroup className="mb-1">
                  <Form.Control id={`${id}-url`} value={url} readOnly onFocus={(e) => e.target.select()} />
                  <Button variant="outline-secondary" onClick={() => void copy()}>
                    Copy
                  </Button>
                </InputGroup>
                <p className="small mb-2">Copy it now: for your safety it is shown only this once.</p>
                <CalendarSubscribeLinks url={url} />
              </>
            ) : active ? (
              <p>
                Your calendar feed is active. Its address was shown only when it was made; to see one again, make a new
                one.
              </p>
            ) : (
              <p>You have no calendar feed yet.</p>
            )}
            {!active ? (
              <Button
                size="sm"
                variant="outline-primary"
                onClick={() => void submit(rotateCalendarUrl)}
                disabled={busy}
              >
                {busy ? 'Making…' : 'Make my feed address'}
              </Button>
            ) : confirming ? (
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
