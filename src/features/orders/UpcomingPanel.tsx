import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router-dom';

import { addDays } from '#contract/calendarDates';
import { orderByText } from '#contract/leadTimes';
import type { UpcomingOccurrence } from '#contract/occasions';
import { DateInWords } from '@/components/DateInWords';
import { dateInWords } from '@/lib/dateWords';

import { daysAwayText, occurrenceText, UPCOMING_PANEL_DAYS } from './upcoming';

interface Props {
  /** A year of occurrences, or null when they could not be loaded. */
  upcoming: UpcomingOccurrence[] | null;
  onOrder: (item: UpcomingOccurrence) => void;
  /** The occurrence whose order form is being prepared. */
  preparing: string | null;
  onRetry: () => void;
}

const keyOf = (item: UpcomingOccurrence) => `${item.occasionId}/${item.date}`;

/** "order by Fri, Nov 27": the last day to order the person's option in time (from the customer's today). */
const orderByOf = (item: UpcomingOccurrence) =>
  orderByText(item.orderBy, addDays(item.date, -item.daysAway), (day) => dateInWords(day, { weekday: true }));

/**
 * The occasions of the next 60 days, soonest first: order a gift for each (by the day the person's usual option needs),
 * or see that one is ordered.
 */
export function UpcomingPanel({ upcoming, onOrder, preparing, onRetry }: Props) {
  const soon = upcoming?.filter((item) => item.daysAway <= UPCOMING_PANEL_DAYS) ?? [];
  return (
    <section aria-labelledby="upcoming-heading" className="mt-4">
      <h2 id="upcoming-heading" className="h6 text-body-secondary text-uppercase mb-2">
        Upcoming
      </h2>
      {upcoming === null ? (
        <p className="small mb-0">
          Upcoming dates could not be loaded.{' '}
          <Button variant="link" size="sm" className="p-0 align-baseline" onClick={onRetry}>
            Try again
          </Button>
        </p>
      ) : soon.length === 0 ? (
        <p className="small text-body-secondary mb-0">
          Nothing in the next {UPCOMING_PANEL_DAYS} days. Add birthdays and other dates on{' '}
          <Link to="/people">People &amp; dates</Link>, and we will remind you ahead of them.
        </p>
      ) : (
        <ul className="list-group" aria-label="Upcoming occasions">
          {soon.map((item) => {
            const text = occurrenceText(item);
            const busy = preparing === keyOf(item);
            return (
              <li
                key={keyOf(item)}
                className="list-group-item d-flex justify-content-between align-items-center gap-2"
                data-testid="upcoming-item"
              >
                <div>
                  <div className="fw-semibold">{text}</div>
                  <div className="small text-body-secondary">
                    <DateInWords date={item.date} weekday /> · {daysAwayText(item.daysAway)}
                    {!item.orderId && <> · {orderByOf(item)}</>}
                  </div>
                </div>
                {item.orderId ? (
                  <Badge bg="success-subtle" text="success-emphasis" pill>
                    Ordered
                  </Badge>
                ) : (
                  <Button
                    size="sm"
                    variant="outline-primary"
                    onClick={() => onOrder(item)}
                    disabled={busy}
                    aria-label={`Order a gift for ${text}`}
                  >
                    {busy && <Spinner animation="border" size="sm" aria-hidden="true" className="me-1" />}
                    Order a gift
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
