/** The feed's address with its scheme replaced: `webcal:` asks the system's calendar app to subscribe. */
const webcalOf = (url: string) => url.replace(/^https?:/, 'webcal:');

/**
 * Google Calendar's subscribe-by-address link. Google documents only Settings, "From URL"; this `cid` link is the
 * form in wide use, and it takes the address as `webcal://` (an `https://` address was refused with "This email
 * address isn't associated with an active Google Calendar account"), so the hint below keeps the documented way.
 */
const googleCalendarOf = (url: string) =>
  `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcalOf(url))}`;

/** One-tap subscribe, beside Copy: for the address shown once, just after it was made. */
export function CalendarSubscribeLinks({ url }: { url: string }) {
  return (
    <>
      <div className="d-flex flex-wrap gap-2 mb-1">
        <a className="btn btn-sm btn-outline-primary" href={webcalOf(url)}>
          Subscribe in my calendar app
        </a>
        <a
          className="btn btn-sm btn-outline-primary"
          href={googleCalendarOf(url)}
          target="_blank"
          rel="noopener noreferrer"
        >
          Add to Google Calendar
        </a>
      </div>
      <p className="small text-body-secondary mb-2">
        If Google Calendar cannot add it, choose Other calendars, then From URL, and paste the address there.
      </p>
    </>
  );
}
