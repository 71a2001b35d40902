/**
 * getgifts' ETag: the customer's orders version (users.orders_version, a random value the database changes on
 * every write to their orders) and the number of closed orders the list keeps (a server setting that also
 * shapes the answer). Weak, since the same list is the same answer whatever its transfer encoding.
 */
export function ordersEtag(version: string, closedLimit: number): string {
  return `W/"${version}.${closedLimit}"`;
}

const TAG = /(?:W\/)?"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(\d+)"/g;

/** If-None-Match's `*`: any current list matches (RFC 9110), and a live session's list always exists. */
export const ANY_VERSION = '*';

/**
 * The orders versions an If-None-Match header names for this closed-orders limit, comma-separated for the
 * session statement, or ANY_VERSION; null when it names none (no header, another limit, or not one of our tags).
 */
export function versionsToMatch(ifNoneMatch: string | string[] | undefined, closedLimit: number): string | null {
  if (typeof ifNoneMatch !== 'string') return null;
  if (ifNoneMatch.trim() === ANY_VERSION) return ANY_VERSION;
  const versions = [...ifNoneMatch.matchAll(TAG)]
    .filter((m) => m[2] === String(closedLimit))
    .map((m) => m[1])
    .slice(0, 8);
  return versions.length > 0 ? versions.join(',') : null;
}
