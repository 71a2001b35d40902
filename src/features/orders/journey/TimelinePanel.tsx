import './timeline.css';

import { useState } from 'react';

import type { CustomerTimelineStep } from '#contract/timeline';
import { getOrderTimeline } from '@/api/timeline';
import { dateInWords } from '@/lib/dateWords';
import { describeError } from '@/lib/errors';

type Loaded =
  { state: 'loading' } | { state: 'failed'; error: string } | { state: 'shown'; steps: CustomerTimelineStep[] };

/**
 * The order's timeline on its card: a "Timeline" toggle that reads it when opened (again on each opening, so it is
 * never stale), then the steps oldest first, each with its day in words. Closed, it is one button: the list of
 * cards draws hundreds of these.
 */
export function TimelinePanel({ orderId }: { orderId: string }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const panelId = `order-timeline-${orderId}`;

  const load = () => {
    setLoaded({ state: 'loading' });
    getOrderTimeline(orderId)
      .then((answer) =>
        setLoaded(
          answer.success
            ? { state: 'shown', steps: answer.steps }
            : { state: 'failed', error: answer.error ?? 'The timeline could not be loaded.' },
        ),
      )
      .catch((err: unknown) => setLoaded({ state: 'failed', error: describeError(err) }));
  };

  const toggle = () => {
    if (!open) load();
    setOpen(!open);
  };

  return (
    <div className="order-timeline mt-2">
      <button
        type="button"
        className="btn btn-link btn-sm px-0"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        Timeline
      </button>
      {open && (
        <div id={panelId} className="pt-1">
          {loaded.state === 'loading' && (
            <p className="small text-body-secondary mb-0" role="status">
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              Loading the timeline…
            </p>
          )}
          {loaded.state === 'failed' && (
            <div className="small text-danger-emphasis" role="alert">
              {loaded.error}{' '}
              <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={load}>
                Try again
              </button>
            </div>
          )}
          {loaded.state === 'shown' && (
            <ol className="order-timeline__steps list-unstyled small mb-0" aria-label="Timeline">
              {loaded.steps.map((step, i) => (
                <li key={`${step.at}-${i}`} className="order-timeline__step">
                  <span className="text-break">{step.words}</span>{' '}
                  <time className="text-body-secondary text-nowrap" dateTime={step.day}>
                    {dateInWords(step.day)}
                  </time>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </div>
  );
}
