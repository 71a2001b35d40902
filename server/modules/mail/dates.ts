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

export { dayInWords } from '#contract/dateWords';
