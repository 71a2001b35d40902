import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import { SHELL_MESSAGES } from '#contract/shellMessages';

import { useHeldAddress } from '../heldLoads';

/** Whether focus is in a field being typed into (focus is not taken from there). */
const typing = (element: Element | null) =>
  element instanceof HTMLElement &&
  (element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName));

/**
 * Shown while a page load is held because the server could not be reached (heldLoads.ts): says so, over
 * the page that stays on screen, with a Retry that starts the held navigation again. It sits fixed at the
 * bottom of the window so it is seen however far the page is scrolled. Plain Bootstrap classes: this is
 * part of every page's first download.
 */
export function ServerUnreachableAlert() {
  const address = useHeldAddress();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const retry = useRef<HTMLButtonElement>(null);

  // A keyboard user who followed a link lands on Retry; someone typing in a field keeps their place.
  const shown = address !== null;
  useEffect(() => {
    if (shown && !typing(document.activeElement)) retry.current?.focus();
  }, [shown]);

  if (address === null) return null;
  return (
    <div className="server-unreachable position-fixed bottom-0 start-0 end-0 p-3">
      <div
        className="alert alert-warning shadow d-flex flex-wrap align-items-center gap-2 mx-auto mb-0"
        style={{ maxWidth: '40rem' }}
        role="alert"
      >
        <span className="me-auto">{SHELL_MESSAGES.serverUnreachable}</span>
        <button
          ref={retry}
          type="button"
          className="btn btn-primary btn-sm"
          // The same address again: replace, so history does not gain a copy of the page on screen.
          onClick={() => void navigate(address, { replace: address === pathname + search + hash })}
        >
          Retry
        </button>
      </div>
    </div>
  );
}
