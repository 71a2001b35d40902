/** A path sign-in may lead back to: one of this site's own, never another host (as `//evil.example` would be). */
export function safeReturnPath(next: string | null): string | null {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : null;
}
