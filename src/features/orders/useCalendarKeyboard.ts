import { useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { OnArgs } from 'react-calendar';

import { dayAfterKey, daysFrom, gridStart, monthOf, tabDayIn } from './calendarKeys';
import { fromDateKey } from './orderHelpers';

/** react-calendar's buttons of the month grid's days, in the order it draws them (a week to a row). */
const DAY_TILES = '.react-calendar__month-view__days__day';

const startOfToday = () => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
};

/**
 * The month calendar as one Tab stop with the arrow keys inside, a roving tabindex as the WAI-ARIA date grid has it:
 * one day's button has tabIndex 0 (the picked day, else today, else the day the keys last moved to), every other
 * day -1 (in `grid`, the element around the calendar); the keys move focus (dayAfterKey) and the month shown follows a day that leaves it.
 *
 * react-calendar (6.x) sets no tabIndex and takes no key of its own (its maintainers closed the pull request that
 * added them), so this owns the month shown and the view (the calendar's own state changes would draw new day
 * buttons behind its back) and sets the days' tabIndex after each render. A day's date is its place in the grid,
 * which starts on the Sunday on or before the 1st.
 */
export function useCalendarKeyboard(grid: RefObject<HTMLDivElement | null>, selectedDate: string | null) {
  const [focusDay, setFocusDay] = useState(() => (selectedDate ? fromDateKey(selectedDate) : startOfToday()));
  const [shownMonth, setShownMonth] = useState(() => monthOf(focusDay));
  const [view, setView] = useState<OnArgs['view']>('month');
  // A picked day takes the Tab stop (adjusted while rendering, as React has state follow a prop).
  const [pickedBefore, setPickedBefore] = useState(selectedDate);
  if (pickedBefore !== selectedDate) {
    setPickedBefore(selectedDate);
    if (selectedDate) setFocusDay(fromDateKey(selectedDate));
  }

  /** Set by a key that moved: the next render focuses the new day. */
  const moved = useRef(false);
  const tabDay = tabDayIn(shownMonth, focusDay);

  useLayoutEffect(() => {
    const tiles = grid.current?.querySelectorAll<HTMLButtonElement>(DAY_TILES);
    if (!tiles?.length) return; // the year or decade view
    const index = daysFrom(gridStart(shownMonth), tabDay);
    tiles.forEach((tile, i) => {
      tile.tabIndex = i === index ? 0 : -1;
    });
    if (moved.current) {
      moved.current = false;
      tiles[index]?.focus();
    }
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const tiles = [...(grid.current?.querySelectorAll<HTMLButtonElement>(DAY_TILES) ?? [])];
    const index = tiles.indexOf(event.target as HTMLButtonElement);
    if (index < 0) return;
    const from = gridStart(shownMonth);
    const to = dayAfterKey(
      new Date(from.getFullYear(), from.getMonth(), from.getDate() + index),
      event.key,
      event.shiftKey,
    );
    if (!to) return;
    event.preventDefault(); // the page does not scroll under the arrows and Page keys
    moved.current = true;
    setFocusDay(to);
    setShownMonth(monthOf(to));
  };

  return {
    onKeyDown,
    calendarProps: {
      activeStartDate: shownMonth,
      view,
      onActiveStartDateChange: ({ activeStartDate }: OnArgs) => activeStartDate && setShownMonth(activeStartDate),
      onViewChange: ({ view: next }: OnArgs) => setView(next),
    },
  };
}
