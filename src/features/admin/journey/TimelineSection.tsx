import { AUTOMATICALLY, type StaffTimelineStep } from '#contract/timeline';
import { dateInWords } from '@/lib/dateWords';

/**
 * The order's timeline as staff see it in View Order: every step oldest first (placed, proposals and the
 * customer's answers, status moves with their reasons, shipment, delivery, rating), each with when and who acted.
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
            <li key={`${step.at}-${i}`} className="admin-timeline-item" data-testid="timeline-step">
              <div className="fw-semibold text-break">{step.words}</div>
              <div className="small text-body-secondary">
                <time dateTime={step.at} title={new Date(step.at).toLocaleString()}>
                  {dateInWords(step.day)}
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
