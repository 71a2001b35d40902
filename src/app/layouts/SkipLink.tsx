import type { MouseEvent } from 'react';

/** The id of every layout's <main>, which the skip link moves focus to (it has tabIndex -1 to take it). */
export const MAIN_ID = 'main';

/**
 * The first Tab stop of every page: out of sight until the keyboard reaches it, it moves focus past the header to
 * the page's own content. Focus is moved by hand rather than by following #main, which would add the fragment to
 * the address and leave the browser's next Tab to start from wherever it likes.
 */
export function SkipLink() {
  const skip = (event: MouseEvent) => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
  };
  return (
    <a className="skip-link visually-hidden-focusable" href={`#${MAIN_ID}`} onClick={skip}>
      Skip to main content
    </a>
  );
}
