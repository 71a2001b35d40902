/** A control character (the URL parser drops tabs and newlines, so `/<tab>/evil.example` means `//evil.example`) or a backslash (read as `/`). */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\\]/;

/** A path sign-in may lead back to: one of this site's own, never another host (as `//evil.example` would be). */
export function safeReturnPath(next: string | null): string | null {
  return next && next.startsWith('/') && !next.startsWith('//') && !UNSAFE.test(next) ? next : null;
}
