import { useEffect } from 'react';

const SITE = 'Giftwise';

/** Sets the document title ("{title} | Giftwise") and meta description for the current screen. */
export function usePageMeta(title: string, description?: string): void {
  useEffect(() => {
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
