import { useSyncExternalStore } from 'react';

/**
 * Route loads held because the server could not be reached.
 *
 * When a session check gets no answer, its loader neither redirects to Sign In (the session may well be
 * alive: decision 0007) nor throws. Throwing would show the route's error element, but React Router would
 * first commit the navigation and unmount the page on screen, and with it a form being filled in. The
 * loader waits here instead: the navigation stays pending, so the page on screen stays as it is, and
 * ServerUnreachableAlert says the server could not be reached, with a Retry that starts the same
 * navigation again. Any new navigation (Retry, another link, Back) aborts the held one's request, and
 * that ends the wait; the router ignores what an aborted loader answers.
 */

/** How many loads are held (the router runs one navigation at a time, so at most one, but count them all). */
let held = 0;
const listeners = new Set<() => void>();

function changeBy(delta: number) {
  held += delta;
  for (const listener of listeners) listener();
}

/** Holds the load of `request` until its navigation is abandoned; then rejects with the abort's reason. */
export function holdUntilRetried({ signal }: Request): Promise<never> {
  return new Promise<never>((_, reject) => {
    if (signal.aborted) return reject(signal.reason);
    changeBy(1);
    signal.addEventListener(
      'abort',
      () => {
        changeBy(-1);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a load is held for want of the server. */
export function useLoadHeld(): boolean {
  return useSyncExternalStore(subscribe, () => held > 0);
}
