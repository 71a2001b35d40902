const atNoonUtc = (date: string) => new Date(`${date}T12:00:00Z`);

/** "Saturday, December 5, 2026" for a YYYY-MM-DD date. */
export const longDate = (date: string) =>
  atNoonUtc(date).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });

/** "Saturday 5 December" for a YYYY-MM-DD date: a day soon enough that its year goes without saying. */
export const dayInWords = (date: string) =>
  atNoonUtc(date).toLocaleDateString('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' });
