/** Set while a smooth scroll started by bringIntoView runs (until the browser's scrollend, or a second at most). */
let smoothScrollRunning = false;
const SMOOTH_SCROLL_MAX_MS = 1000;

/**
 * Scrolls the least needed to show `element` (nothing when it is already on screen): smoothly,
 * or at once for people whose system asks for reduced motion.
 */
export function bringIntoView(element: Element): void {
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  if (!reduceMotion) {
    smoothScrollRunning = true;
    const done = () => {
      smoothScrollRunning = false;
      window.removeEventListener('scrollend', done);
    };
    window.addEventListener('scrollend', done);
    setTimeout(done, SMOOTH_SCROLL_MAX_MS);
  }
  element.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'nearest' });
}

/**
 * Whether the page is being scrolled smoothly towards an element: any other scroll of the window now (a windowed
 * list correcting its position for a row it just measured) would stop that scroll where it is, short of the element.
 */
export const smoothScrollInProgress = (): boolean => smoothScrollRunning;
