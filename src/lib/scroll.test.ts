import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { bringIntoView, smoothScrollInProgress } from './scroll';

/** A window whose matchMedia answers `reduce` for the reduced-motion query, and whose scrollend can be fired. */
function stubWindow(reduce: boolean | undefined) {
  const matchMedia =
    reduce === undefined
      ? undefined
      : (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)' && reduce });
  const events = new EventTarget();
  vi.stubGlobal('window', {
    matchMedia,
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
  });
  return { scrollEnds: () => events.dispatchEvent(new Event('scrollend')) };
}

describe('bringIntoView', () => {
  // A smooth scroll leaves its one-second timer behind: run it while the window is still the stub, so it never
  // fires in a later test (or file) without one.
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.runOnlyPendingTimers();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it.each([
    ['smoothly when motion is welcome', false, 'smooth'],
    ['at once when the system asks for reduced motion', true, 'auto'],
    ['smoothly when the browser cannot tell', undefined, 'smooth'],
  ])('scrolls the least needed, %s', (_, reduce, behavior) => {
    const page = stubWindow(reduce);
    const element = { scrollIntoView: vi.fn() };
    bringIntoView(element as unknown as Element);
    expect(element.scrollIntoView).toHaveBeenCalledWith({ behavior, block: 'nearest' });
    page.scrollEnds();
  });

  it('tells a smooth scroll is running until the browser says it ended', () => {
    const page = stubWindow(false);
    bringIntoView({ scrollIntoView: vi.fn() } as unknown as Element);
    expect(smoothScrollInProgress()).toBe(true);
    page.scrollEnds();
    expect(smoothScrollInProgress()).toBe(false);
  });

  it('stops telling after a second when the browser never says it ended', () => {
    stubWindow(false);
    bringIntoView({ scrollIntoView: vi.fn() } as unknown as Element);
    expect(smoothScrollInProgress()).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(smoothScrollInProgress()).toBe(false);
  });

  it('tells no smooth scroll for reduced motion, which scrolls at once', () => {
    stubWindow(true);
    bringIntoView({ scrollIntoView: vi.fn() } as unknown as Element);
    expect(smoothScrollInProgress()).toBe(false);
  });
});
