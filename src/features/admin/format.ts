/** Small display helpers for the admin screens. */

/** Days from `today` to a YYYY-MM-DD date, in words: "today", "in 3 days", "2 days ago". */
export function whenDue(date: string, today = new Date()): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return 'no date';
  const target = Date.UTC(y, m - 1, d);
  const now = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  const days = Math.round((target - now) / 86_400_000);
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days === -1) return 'yesterday';
  return days > 0 ? `in ${days} days` : `${-days} days ago`;
}

/** The text shown for an empty value. */
export const orNA = (value: string | number | null | undefined): string =>
  value === null || value === undefined || String(value).trim() === '' ? 'N/A' : String(value);
