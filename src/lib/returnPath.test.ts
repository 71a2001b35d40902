import { describe, expect, it } from 'vitest';

import { safeReturnPath } from './returnPath';

describe('safeReturnPath', () => {
  it("follows this site's own paths, with their query", () => {
    expect(safeReturnPath('/orders?occasion=abc&date=2030-01-03')).toBe('/orders?occasion=abc&date=2030-01-03');
  });

  it.each([null, '', 'orders', 'https://evil.example/', '//evil.example/orders', '/\\evil.example'])(
    'refuses %j (no other host, nothing relative)',
    (next) => {
      expect(safeReturnPath(next)).toBeNull();
    },
  );

  // The browser's URL parser drops tabs and newlines, so `/<tab>/evil.example` would lead to //evil.example.
  it.each([
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '/orders\u0000',
    '/a\u007f',
    '/a\\b',
    '/\u0085x',
  ])('refuses %j (a control character or a backslash anywhere)', (next) => {
    expect(safeReturnPath(next)).toBeNull();
  });
});
