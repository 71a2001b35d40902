/**
 * The spec's alerts (SPEC.md §8) go through here, so the way they are shown can change in one place.
 */
export function notify(message: string): void {
  window.alert(message);
}
