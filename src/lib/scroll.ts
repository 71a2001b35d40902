/**
 * Scrolls the least needed to show `element` (nothing when it is already on screen): smoothly,
 * or at once for people whose system asks for reduced motion.
 */
export function bringIntoView(element: Element): void {
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  element.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'nearest' });
}
