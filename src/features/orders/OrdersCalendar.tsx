import 'react-calendar/dist/Calendar.css';

import { memo, useCallback, useRef } from 'react';
import Calendar, { type TileArgs } from 'react-calendar';

import type { UpcomingOccurrence } from '#contract/occasions';
import type { Order } from '#contract/orders';

import { calendarLabels } from './calendarLabels';
import { fromDateKey, isBirthday, markerText, toDateKey } from './orderHelpers';
import { occurrenceText } from './upcoming';
import { useCalendarKeyboard } from './useCalendarKeyboard';

/** More markers than this on one day collapse into "+n". */
const MAX_MARKERS = 3;

interface Props {
  /** Orders by YYYY-MM-DD, built once per list by the page. */
  byDate: ReadonlyMap<string, Order[]>;
  /** Coming occurrences of the customer's occasions by YYYY-MM-DD: ring markers, told apart from orders' dots. */
  occurrences?: ReadonlyMap<string, UpcomingOccurrence[]>;
  selectedDate: string | null;
  onSelectDay: (date: string) => void;
}

function OccurrenceMarkers({ items }: { items: UpcomingOccurrence[] }) {
  return (
    <span className="order-markers">
      {items.slice(0, MAX_MARKERS).map((item) => (
        <span
          key={item.occasionId}
          className="occasion-marker"
          title={`Upcoming: ${occurrenceText(item)}`}
          data-testid="occasion-marker"
        >
          <span className="visually-hidden">{`Upcoming: ${occurrenceText(item)}`}</span>
        </span>
      ))}
    </span>
  );
}

function DayMarkers({ orders }: { orders: Order[] }) {
  const extra = orders.length - MAX_MARKERS;
  return (
    <span className="order-markers">
      {orders.slice(0, MAX_MARKERS).map((order) => {
        const text = markerText(order);
        return (
          <span
            key={order._id}
            className={`order-marker ${isBirthday(order) ? 'order-marker--birthday' : 'order-marker--other'}`}
            title={text}
            data-testid="order-marker"
          >
            <span className="visually-hidden">{text}</span>
          </span>
        );
      })}
      {extra > 0 && (
        <span className="order-marker-more" title={orders.slice(MAX_MARKERS).map(markerText).join(', ')}>
          +{extra}
          <span className="visually-hidden"> more: {orders.slice(MAX_MARKERS).map(markerText).join(', ')}</span>
        </span>
      )}
    </span>
  );
}

/**
 * The month calendar: a marker per order on its day; clicking a day (or Enter on it) filters the list. One Tab stop,
 * with the arrow keys inside (useCalendarKeyboard).
 */
export const OrdersCalendar = memo(function OrdersCalendar({ byDate, occurrences, selectedDate, onSelectDay }: Props) {
  const tileContent = useCallback(
    ({ date, view }: TileArgs) => {
      if (view !== 'month') return null;
      const key = toDateKey(date);
      const orders = byDate.get(key);
      const coming = occurrences?.get(key);
      if (!orders && !coming) return null;
      return (
        <>
          {orders && <DayMarkers orders={orders} />}
          {coming && <OccurrenceMarkers items={coming} />}
        </>
      );
    },
    [byDate, occurrences],
  );
  const tileClassName = useCallback(
    ({ date, view }: TileArgs) => {
      if (view !== 'month') return null;
      const key = toDateKey(date);
      const orders = byDate.get(key);
      const classes = orders ? (orders.some(isBirthday) ? ['has-orders', 'has-birthday'] : ['has-orders']) : [];
      if (occurrences?.has(key)) classes.push('has-occasions');
      return classes.length > 0 ? classes.join(' ') : null;
    },
    [byDate, occurrences],
  );

  const grid = useRef<HTMLDivElement>(null);
  const keyboard = useCalendarKeyboard(grid, selectedDate);

  return (
    // The days' keys bubble up to here: react-calendar's buttons take no handler of ours.
    <div ref={grid} onKeyDown={keyboard.onKeyDown}>
      <Calendar
        {...keyboard.calendarProps}
        className="orders-calendar"
        locale="en-US"
        calendarType="gregory"
        {...calendarLabels}
        value={selectedDate ? fromDateKey(selectedDate) : null}
        onClickDay={(date) => onSelectDay(toDateKey(date))}
        tileContent={tileContent}
        tileClassName={tileClassName}
        prev2Label={null}
        next2Label={null}
        prevAriaLabel="Previous month"
        nextAriaLabel="Next month"
        navigationAriaLabel="Choose month and year"
      />
    </div>
  );
});
