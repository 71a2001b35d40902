import { afterEach, describe, expect, it, vi } from 'vitest';

import { bringIntoView } from './scroll';

/** A window whose matchMedia answers `reduce` for the reduced-motion query. */
function stubWindow(reduce: boolean | undefined) {
  const matchMedia =
    reduce === undefined
      ? undefined
      : (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)' && reduce });
  vi.stubGlobal('window', { matchMedia });
}

describe('bringIntoView', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['smoothly when motion is welcome', false, 'smooth'],
    ['at once when the system asks for reduced motion', true, 'auto'],
    ['smoothly when the browser cannot tell', undefined, 'smooth'],
  ])('scrolls the least needed, %s', (_, reduce, behavior) => {
    stubWindow(reduce);
    const element = { scrollIntoView: vi.fn() };
    bringIntoView(element as unknown as Element);
    expect(element.scrollIntoView).toHaveBeenCalledWith({ behavior, block: 'nearest' });
  });
});
