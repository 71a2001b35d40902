import { vi } from 'vitest';

/**
 * Makes every fetch of `path` fail the way a browser cuts off the requests of a page that is being
 * left: an AbortError and no answer. Other requests still reach the MSW handlers.
 */
export function abortRequestsTo(path: string) {
  const passOn = globalThis.fetch;
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (new URL(url, window.location.href).pathname === path) {
      return Promise.reject(new DOMException('The user aborted a request.', 'AbortError'));
    }
    return passOn(input, init);
  });
}
