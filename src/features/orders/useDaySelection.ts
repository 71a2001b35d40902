import { useCallback, useEffect, useRef, useState } from 'react';

import { bringIntoView } from '@/lib/scroll';

/**
 * The calendar's day filter. Picking a day (or All Orders) also reloads the list, so the day shows
 * fresh data; each pick, even of the same day, brings the results heading into view once drawn
 * (the calendar may sit far below it).
 */
export function useDaySelection(refresh: () => void) {
  const [selectedDate, setSelectedDate] = useState<string | null>(null);
  const [dayPicks, setDayPicks] = useState(0);
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (dayPicks > 0 && resultsHeading.current) bringIntoView(resultsHeading.current);
  }, [dayPicks]);

  const selectDay = useCallback(
    (date: string) => {
      setSelectedDate(date);
      setDayPicks((n) => n + 1);
      refresh();
    },
    [refresh],
  );
  const showAll = () => {
    setSelectedDate(null);
    refresh();
  };
  /** Leaves the day without reloading (a view chosen, or a link to an order on another day). */
  const clearDay = useCallback(() => setSelectedDate(null), []);
  return { selectedDate, selectDay, showAll, clearDay, resultsHeading };
}
