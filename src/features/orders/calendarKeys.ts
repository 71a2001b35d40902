/**
 * The month calendar's keys, as the WAI-ARIA date grid has them: the day each key moves to from `day`, or null for a
 * key the calendar leaves alone (Enter and Space press the day's button, which picks it). The week runs Sunday to
 * Saturday, as the calendar shows it (calendarType "gregory").
 */
export function dayAfterKey(day: Date, key: string, shiftKey: boolean): Date | null {
  const [y, m, d] = [day.getFullYear(), day.getMonth(), day.getDate()];
  switch (key) {
    case 'ArrowLeft':
      return new Date(y, m, d - 1);
    case 'ArrowRight':
      return new Date(y, m, d + 1);
    case 'ArrowUp':
      return new Date(y, m, d - 7);
    case 'ArrowDown':
      return new Date(y, m, d + 7);
    case 'Home':
      return new Date(y, m, d - day.getDay());
    case 'End':
      return new Date(y, m, d + 6 - day.getDay());
    // A month (Shift: a year) away; the 31st goes to the last day of a shorter month.
    case 'PageUp':
      return shiftKey ? sameDayIn(y - 1, m, d) : sameDayIn(y, m - 1, d);
    case 'PageDown':
      return shiftKey ? sameDayIn(y + 1, m, d) : sameDayIn(y, m + 1, d);
    default:
      return null;
  }
}

/** Day `d` of month `m` (which may run past either end of the year), or that month's last day if it is shorter. */
function sameDayIn(y: number, m: number, d: number): Date {
  const last = new Date(y, m + 1, 0).getDate();
  return new Date(y, m, Math.min(d, last));
}

/** The first of the month `date` is in. */
export const monthOf = (date: Date) => new Date(date.getFullYear(), date.getMonth(), 1);

/** Whether two dates fall in the same month. */
export const sameMonth = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth();

/**
 * The day a month's grid gives the Tab stop: `day` when it is in that month, else the same day of the month there
 * (a month shown with the buttons keeps the day the customer was on).
 */
export const tabDayIn = (month: Date, day: Date) =>
  sameMonth(month, day) ? day : sameDayIn(month.getFullYear(), month.getMonth(), day.getDate());

/** The first day of a month's grid: the Sunday on or before its first (react-calendar shows the neighbouring days). */
export const gridStart = (month: Date) => new Date(month.getFullYear(), month.getMonth(), 1 - month.getDay());

/** Whole days from `from` to `to` (local midnights; a daylight-saving change makes a day 23 or 25 hours). */
export const daysFrom = (from: Date, to: Date) => Math.round((to.getTime() - from.getTime()) / 86_400_000);
