/** Today where the admin is, YYYY-MM-DD: the default and the latest day of a shipment's or delivery's date input. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
