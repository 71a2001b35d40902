import { useEffect, useRef, useState } from 'react';

/** One page of a list, as a loader or "Load more" brought it. */
export interface Page<T> {
  items: T[];
  /** Whether the server has more after these. */
  hasMore: boolean;
  /** Where the next page starts (null when the server gave no cursor). */
  nextCursor: string | null;
}

/** A page, or why it could not be had (whatever alert or log that calls for is the fetcher's). */
export type PageAnswer<T> = ({ ok: true } & Page<T>) | { ok: false; error: string };

/** Asks for the page after `cursor`; `signal` is aborted once the list is loaded again and no longer waits for it. */
export type FetchPage<T> = (cursor: string | null, signal: AbortSignal) => Promise<PageAnswer<T>>;

interface Paged<T> extends Page<T> {
  /** The first page this list grew from: a new load (another view or tab, a reload) starts the list again. */
  first: Page<T>;
  /** How many pages are shown. */
  page: number;
}

const start = <T>(first: Page<T>): Paged<T> => ({ ...first, first, page: 1 });

/** Appends a page, leaving out any item already shown (the list may have shifted since the last page). */
function appendPage<T extends { _id: string }>(shown: T[], page: T[]): T[] {
  const ids = new Set(shown.map((item) => item._id));
  return [...shown, ...page.filter((item) => !ids.has(item._id))];
}

/**
 * "Load more" under a list whose first page came from the route's loader: appends the next page (`fetchPage`)
 * while the server has one. A new first page starts the list again, and an answer for the list shown before it
 * is dropped. With `focusOf` (an item's CSS selector), focus moves to the first item the last page brought, as
 * the button goes away.
 */
export function usePagedList<T extends { _id: string }>(
  first: Page<T>,
  fetchPage: FetchPage<T>,
  focusOf?: (item: T) => string,
) {
  const [paged, setPaged] = useState<Paged<T>>(() => start(first));
  /** The next page on its way (for which list), and why the last attempt failed. */
  const [more, setMore] = useState<{ first: Page<T>; busy: boolean; error?: string } | null>(null);
  const focusOn = useRef<string | null>(null);
  /** Aborted when the list is loaded again, so a late answer neither alerts nor lands. */
  const pending = useRef<AbortController | null>(null);
  useEffect(() => () => pending.current?.abort(), [first]);

  const list = paged.first === first ? paged : start(first);
  const moreState = more?.first === first ? more : null;

  useEffect(() => {
    if (!focusOn.current) return;
    document.querySelector<HTMLElement>(focusOn.current)?.focus();
    focusOn.current = null;
  }, [paged]);

  const loadMore = async () => {
    if (!list.hasMore || moreState?.busy) return;
    setMore({ first, busy: true });
    const controller = new AbortController();
    pending.current = controller;
    const answer = await fetchPage(list.nextCursor, controller.signal);
    if (controller.signal.aborted) return;
    if (!answer.ok) {
      setMore({ first, busy: false, error: answer.error });
      return;
    }
    const firstNew = answer.items.find((item) => !list.items.some((shown) => shown._id === item._id));
    if (focusOf && !answer.hasMore && firstNew) focusOn.current = focusOf(firstNew);
    setPaged({
      first,
      items: appendPage(list.items, answer.items),
      page: list.page + 1,
      hasMore: answer.hasMore,
      nextCursor: answer.nextCursor,
    });
    setMore(null);
  };

  return {
    items: list.items,
    page: list.page,
    hasMore: list.hasMore,
    busy: moreState?.busy === true,
    error: moreState?.error,
    loadMore,
  };
}
