/** Small display helpers for the admin screens. */

/** Days from `today` to a YYYY-MM-DD date, in words: "today", "in 3 days", "2 days ago". */
export function whenDue(date: string, today = new Date()): string {
  const days = daysUntil(date, today);
  if (Number.isNaN(days)) return 'no date';
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days === -1) return 'yesterday';
  return days > 0 ? `in ${days} days` : `${-days} days ago`;
}

/** Days from `today` to a YYYY-MM-DD date (negative when it has passed). */
export function daysUntil(date: string, today = new Date()): number {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return NaN;
  const now = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((Date.UTC(y, m - 1, d) - now) / 86_400_000);
}

/** How long since an ISO time, in the largest whole unit: "under an hour", "5 hours", "1 day", "12 days". */
export function timeSince(iso: string, now = new Date()): string {
  const hours = Math.floor((now.getTime() - Date.parse(iso)) / 3_600_000);
  if (!Number.isFinite(hours)) return 'N/A';
  if (hours < 1) return 'under an hour';
  if (hours < 24) return hours === 1 ? '1 hour' : `${hours} hours`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day' : `${days} days`;
}

/** The text shown for an empty value. */
export const orNA = (value: string | number | null | undefined): string =>
  value === null || value === undefined || String(value).trim() === '' ? 'N/A' : String(value);
