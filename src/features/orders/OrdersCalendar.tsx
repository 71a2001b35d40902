import 'react-calendar/dist/Calendar.css';

import { memo, useCallback } from 'react';
import Calendar, { type TileArgs } from 'react-calendar';

import type { GiftOrder } from '#contract/gifts';

import { fromDateKey, isBirthday, markerText, toDateKey } from './orderHelpers';

/** More markers than this on one day collapse into "+n". */
const MAX_MARKERS = 3;

interface Props {
  /** Orders by YYYY-MM-DD, built once per list by the page. */
  byDate: ReadonlyMap<string, GiftOrder[]>;
  selectedDate: string | null;
  onSelectDay: (date: string) => void;
}

function DayMarkers({ orders }: { orders: GiftOrder[] }) {
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

/** The month calendar: a marker per order on its day; clicking a day filters the list. */
export const OrdersCalendar = memo(function OrdersCalendar({ byDate, selectedDate, onSelectDay }: Props) {
  const tileContent = useCallback(
    ({ date, view }: TileArgs) => {
      if (view !== 'month') return null;
      const orders = byDate.get(toDateKey(date));
      return orders ? <DayMarkers orders={orders} /> : null;
    },
    [byDate],
  );
  const tileClassName = useCallback(
    ({ date, view }: TileArgs) => {
      if (view !== 'month') return null;
      const orders = byDate.get(toDateKey(date));
      if (!orders) return null;
      return orders.some(isBirthday) ? 'has-orders has-birthday' : 'has-orders';
    },
    [byDate],
  );

  return (
    <Calendar
      className="orders-calendar"
      locale="en-US"
      calendarType="gregory"
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
  );
});
