import { AUTOMATICALLY, type StaffTimelineStep, type TimelineKind } from '#contract/timeline';
import { dateInWords } from '@/lib/dateWords';

/** The steps whose day is their own, given by staff (the day it shipped, was delivered), not when it was recorded. */
const OWN_DAY: ReadonlySet<TimelineKind> = new Set(['shipped', 'delivered']);

/** When a step happened, as staff read it: its own day, or the moment it was recorded in their own clock. */
const whenText = (step: StaffTimelineStep) =>
  OWN_DAY.has(step.kind) ? dateInWords(step.day) : new Date(step.at).toLocaleString();

/**
 * The order's timeline as staff see it in View Order, its one history: every step oldest first (placed, proposals
 * and the customer's answers, status moves with their reasons, shipment, delivery, rating), each with when and who
 * acted.
 */
export function TimelineSection({ steps }: { steps: StaffTimelineStep[] }) {
  return (
    <section aria-labelledby="timeline-section-title" className="mt-4">
      <h3 id="timeline-section-title" className="h6 text-uppercase text-body-secondary admin-section-title">
        Timeline
      </h3>
      {steps.length === 0 ? (
        <p className="small text-body-secondary mb-0">Nothing has happened to this order yet.</p>
      ) : (
        <ol className="admin-timeline list-unstyled mb-0" aria-labelledby="timeline-section-title">
          {steps.map((step, i) => (
            <li
              key={`${step.at}-${i}`}
              className={`admin-timeline-item status-${step.kind}`}
              data-testid="timeline-step"
            >
              <div className="fw-semibold text-break">{step.words}</div>
              <div className="small text-body-secondary">
                <time dateTime={step.at} title={new Date(step.at).toLocaleString()}>
                  {whenText(step)}
                </time>
                {step.by === AUTOMATICALLY ? ` · ${AUTOMATICALLY}` : ` · by ${step.by}`}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
