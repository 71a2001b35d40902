/**
 * Whether an If-None-Match header matches `etag` by the weak comparison (RFC 9110 13.1.2): `*` matches any
 * current representation, and a tag matches whether or not either side is marked weak.
 */
export function ifNoneMatchHits(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (typeof ifNoneMatch !== 'string') return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}
