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

/** The address each held load was for, by its request's signal. */
const held = new Map<AbortSignal, string>();
const listeners = new Set<() => void>();
let latest: string | null = null;

function changed() {
  latest = [...held.values()].at(-1) ?? null;
  for (const listener of listeners) listener();
}

/** Holds the load of `request` until its navigation is abandoned; then rejects with the abort's reason. */
export function holdUntilRetried(request: Request): Promise<never> {
  const { signal } = request;
  return new Promise<never>((_, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const { pathname, search, hash } = new URL(request.url);
    held.set(signal, pathname + search + hash);
    changed();
    signal.addEventListener(
      'abort',
      () => {
        held.delete(signal);
        changed();
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

/** The address of the latest held load (what Retry goes to), or null when none is held. */
export function useHeldAddress(): string | null {
  return useSyncExternalStore(subscribe, () => latest);
}
