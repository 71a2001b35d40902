import { useLayoutEffect } from 'react';

const SITE = 'Giftwise';

/**
 * Sets the document title ("{title} | Giftwise") and meta description for the current screen.
 * A layout effect, so the title changes in the same commit as the screen: a passive effect runs some
 * time after the new screen is already in the DOM (seen in tests, where the old title was still read).
 */
export function usePageMeta(title: string, description?: string): void {
  useLayoutEffect(() => {
    document.title = `${title} | ${SITE}`;
    if (description) {
      let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!meta) {
        meta = document.createElement('meta');
        meta.name = 'description';
        document.head.appendChild(meta);
      }
      meta.content = description;
    }
  }, [title, description]);
}
