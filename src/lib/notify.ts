/**
 * The alerts users see (window.alert) go through here, so the way they are shown can change in one place.
 */
export function notify(message: string): void {
  window.alert(message);
}
