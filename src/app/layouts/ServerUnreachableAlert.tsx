import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router-dom';

import { SHELL_MESSAGES } from '#contract/shellMessages';

import { useLoadHeld } from '../heldLoads';

/**
 * Shown while a page load is held because the server could not be reached (heldLoads.ts): says so, over
 * the page that stays on screen, with a Retry that starts the held navigation again. Fixed at the bottom
 * of the window (styles.css), so it is seen however far the page is scrolled. No react-bootstrap: this is
 * part of every page's first download.
 */
export function ServerUnreachableAlert() {
  const shown = useLoadHeld();
  const navigate = useNavigate();
  // Where the held load was going: a navigation's address, or the one on screen (a first load, a refresh).
  const pending = useNavigation().location;
  const onScreen = useLocation();
  const retry = useRef<HTMLButtonElement>(null);

  // A keyboard user who followed a link lands on Retry; someone typing in a field keeps their place.
  useEffect(() => {
    if (shown && !document.activeElement?.matches('input,textarea,select,[contenteditable]')) retry.current?.focus();
  }, [shown]);

  return (
    shown && (
      <div className="server-unreachable">
        <div className="alert alert-warning shadow" role="alert">
          <span>{SHELL_MESSAGES.serverUnreachable}</span>
          <button
            ref={retry}
            type="button"
            className="btn btn-primary btn-sm"
            // The address on screen again: replace, so history gains no copy of it.
            onClick={() => void navigate(pending ?? onScreen, { replace: !pending })}
          >
            Retry
          </button>
        </div>
      </div>
    )
  );
}
