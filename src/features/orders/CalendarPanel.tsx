import type { UpcomingOccurrence } from '#contract/occasions';
import type { Order } from '#contract/orders';

import { OrdersCalendar } from './OrdersCalendar';

interface Props {
  byDate: ReadonlyMap<string, Order[]>;
  occurrences?: ReadonlyMap<string, UpcomingOccurrence[]>;
  selectedDate: string | null;
  onSelectDay: (date: string) => void;
}

/** The calendar with its legend: a day's markers say whose occasions fall on it. */
export function CalendarPanel({ byDate, occurrences, selectedDate, onSelectDay }: Props) {
  return (
    <section aria-labelledby="calendar-heading">
      <h2 id="calendar-heading" className="h6 text-body-secondary text-uppercase mb-2">
        Calendar
      </h2>
      <OrdersCalendar byDate={byDate} occurrences={occurrences} selectedDate={selectedDate} onSelectDay={onSelectDay} />
      <p className="small text-body-secondary mt-2 mb-0 d-flex flex-wrap gap-3">
        <span>
          <span className="order-marker order-marker--birthday me-1" aria-hidden="true" />
          Birthday
        </span>
        <span>
          <span className="order-marker order-marker--other me-1" aria-hidden="true" />
          Other occasions
        </span>
        <span>
          <span className="occasion-marker me-1" aria-hidden="true" />
          Upcoming occasion
        </span>
        <span>Pick a day to see its orders.</span>
      </p>
    </section>
  );
}
