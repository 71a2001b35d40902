import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router-dom';

import { daysAwayText } from '#contract/limits';
import type { NextDate, PersonSummary } from '#contract/people';
import { DateInWords } from '@/components/DateInWords';

import { milestoneWords } from './dateWords';

/** "Birthday · Sat, Dec 5", then "in 9 days" and "turns 70". */
export function NextDateLine({ next }: { next: NextDate | null }) {
  if (!next) return <p className="text-body-secondary mb-0">No coming date</p>;
  const milestone = milestoneWords(next.milestone);
  return (
    <div>
      <p className="mb-1">
        <strong>{next.occasion}</strong> · <DateInWords date={next.on} weekday />
      </p>
      <p className="mb-0 d-flex flex-wrap gap-2 align-items-center">
        <span className="text-body-secondary">{daysAwayText(next.daysAway)}</span>
        {milestone && <span className="badge rounded-pill milestone-badge">{milestone}</span>}
      </p>
    </div>
  );
}

/** A person on the People screen: who, their next date, a link to their page, and Order a gift. */
export function PersonCard({ person, onOrder }: { person: PersonSummary; onOrder: (person: PersonSummary) => void }) {
  return (
    <Card className="h-100 shadow-sm">
      <Card.Body className="d-flex flex-column gap-3">
        <div className="min-w-0">
          <h2 className="h5 mb-0 text-break">
            <Link to={`/people/${encodeURIComponent(person._id)}`}>{person.name}</Link>
          </h2>
          {person.relationship && <p className="text-body-secondary small mb-0">{person.relationship}</p>}
        </div>
        <NextDateLine next={person.nextDate} />
        <div className="mt-auto">
          <Button size="sm" onClick={() => onOrder(person)} aria-label={`Order a gift for ${person.name}`}>
            Order a gift
          </Button>
        </div>
      </Card.Body>
    </Card>
  );
}
