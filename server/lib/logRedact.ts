/**
 * Addresses that carry a secret, as logged: the token of a password-reset or email-verification link (which a
 * mail scanner may open before the customer does), and any query value whose name says it is secret.
 */
const SECRET_PATHS = [/^(\/+resetpass\/+)[^/?#]+/i, /^(\/+verify-email\/+)[^/?#]+/i];
const SECRET_QUERY_KEY = /token|password|secret|key/i;

export const REDACTED = '[redacted]';

export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let pathPart = queryAt === -1 ? url : url.slice(0, queryAt);
  for (const pattern of SECRET_PATHS) pathPart = pathPart.replace(pattern, `$1${REDACTED}`);
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

function decodeKey(key: string): string {
  try {
    return decodeURIComponent(key);
  } catch {
    return key;
  }
}
