/** A UTC date `daysAhead` days from now, as YYYY-MM-DD. */
export function utcDate(daysAhead: number): string {
  return new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
}

/** The body of the nth order a bench places (addgift): each different, each valid wherever and whenever it runs. */
export function orderBody(n: number): string {
  return JSON.stringify({
    recipientName: `Load Recipient ${n}`,
    relationship: 'Friend',
    occasion: 'Birthday',
    gender: 'Other',
    address: `${n} Load Lane, Springfield`,
    phoneNumber: '5559876543',
    email: `load.recipient.${n}@example.com`,
    interests: 'Electronics',
    budget: String(20 + (n % 80)),
    defaultOption: 'Flowers',
    comments: 'Bench order',
    // Three days on (UTC) onwards: past flowers' lead time (LEAD_DAYS_FLOWERS, 2) in any time zone, so valid wherever
    // and whenever the bench runs.
    date: utcDate(3 + (n % 300)),
  });
}
