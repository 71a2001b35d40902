/**
 * Addresses that carry a secret, as logged: the token of a password-reset or email-verification link (which a
 * mail scanner may open before the customer does), of a calendar feed address and of a reminder email's
 * unsubscribe link, a proposal picture's id (the capability that opens it, decision 0030), any query value whose
 * name says it is secret, and an email in the query (staff's lookup of a customer by email: personal data).
 */
const SECRET_PATHS = [
  /^(\/+resetpass\/+)[^/?#]+/i,
  /^(\/+verify-email\/+)[^/?#]+/i,
  // Not /api/calendar/rotate, the call that makes a new address.
  /^(\/+api\/+calendar\/+)(?!rotate\/*$)[^/?#]+/i,
  /^(\/+api\/+reminders\/+unsubscribe\/+)[^/?#]+/i,
  /^(\/+api\/+gifts\/+images\/+)[^/?#]+/i,
];
const SECRET_QUERY_KEY = /token|password|secret|key|email/i;

export const REDACTED = '[redacted]';

export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const pathPart = redactPath(queryAt === -1 ? url : url.slice(0, queryAt));
  if (queryAt === -1) return pathPart;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = eq === -1 ? pair : pair.slice(0, eq);
      return eq !== -1 && SECRET_QUERY_KEY.test(decodeKey(key)) ? `${key}=${REDACTED}` : pair;
    })
    .join('&');
  return `${pathPart}?${query}`;
}

/** The path with a secret segment masked; matched as the router may read it, percent-escapes decoded. */
function redactPath(path: string): string {
  const decoded = decodeKey(path);
  const pattern = SECRET_PATHS.find((p) => p.test(decoded));
  return pattern ? decoded.replace(pattern, `$1${REDACTED}`) : path;
}

function decodeKey(key: string): string {
  try {
    return decodeURIComponent(key);
  } catch {
    return key;
  }
}
