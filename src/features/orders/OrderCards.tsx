import { measureElement as measureNow, useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
} from 'react';

import type { Order } from '#contract/orders';
import { useMediaQuery } from '@/hooks/useMediaQuery';
import { smoothScrollInProgress } from '@/lib/scroll';

import { OrderCard } from './OrderCard';

interface Props {
  orders: Order[];
  onEdit: (order: Order) => void;
  onDelete: (order: Order) => void;
  /** An order to scroll to and focus (a link to /orders?order=<id>); `onFocused` says it is done. */
  focusOrderId?: string | null;
  onFocused?: () => void;
}

/** Two cards to a row from Bootstrap's md breakpoint, as the grid had it, one below. */
const TWO_COLUMNS = '(min-width: 768px)';
/** A row of cards before it is measured: a card with a short comment, and the gap below it. */
const ESTIMATED_ROW_PX = 600;
/** Rows drawn beyond each edge of the screen, so a quick scroll or a Tab to the next card finds it drawn. */
const OVERSCAN_ROWS = 2;
/** Room kept above a card brought into view. */
const SCROLL_PADDING_PX = 16;
/** How many frames to wait for a linked card to be drawn after scrolling to it. */
const FOCUS_FRAMES = 60;
/** How long a linked card is held at the top while the page above it loads, unless the customer moves first. */
const HOLD_MS = 3000;
const RELEASE_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

const estimateRow = () => ESTIMATED_ROW_PX;

/**
 * A row's height: as the virtualizer's ResizeObserver reports it, after the browser's own layout. A row just
 * attached has no report yet, and reading its height there and then forced a layout of the page in the middle of
 * the commit, once per row, since the row before had just been moved: it keeps the height it had (or the estimate)
 * until the report, which comes before the frame is painted. Without a ResizeObserver, the height is read at once.
 */
function rowHeight(row: Element, entry: ResizeObserverEntry | undefined, list: Virtualizer<Window, Element>): number {
  if (entry || typeof ResizeObserver === 'undefined') return measureNow(row, entry, list);
  return list.itemSizeCache.get(list.options.getItemKey(list.indexFromElement(row))) ?? ESTIMATED_ROW_PX;
}

/**
 * The orders in rows of `columns` cards, and each row's key: the ids of its cards, so that a row's measured height
 * belongs to the cards in it, whichever view or search shows them. Made once per list, not per key asked for: the
 * virtualizer asks every row's key each time it places the rows.
 */
function useRows(orders: Order[], columns: number) {
  return useMemo(() => {
    const rows: Order[][] = [];
    for (let i = 0; i < orders.length; i += columns) rows.push(orders.slice(i, i + columns));
    return { rows, keys: rows.map((row) => (row.length === 1 ? row[0]._id : row.map((o) => o._id).join(' '))) };
  }, [orders, columns]);
}

/** The list's distance from the top of the page, kept current as what is above it changes height. */
function useOffsetTop(list: React.RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      if (!list.current) return;
      const now = Math.round(list.current.getBoundingClientRect().top + window.scrollY);
      setTop((was) => (was === now ? was : now));
    };
    measure();
    // The page's height changes whenever something above the list grows or shrinks (an alert, the calendar
    // stacked above it on a phone); a ResizeObserver tells after layout, when reading the offset costs nothing.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [list]);
  return top;
}

/**
 * The order cards, windowed: only the rows on screen (and a few beyond) are in the page, so 1,000 orders cost
 * what a screenful does. Each row is measured as drawn, and again whenever its height changes (a panel opening
 * in a card), through the virtualizer's measureElement, which watches each row with a ResizeObserver.
 */
export function OrderCards({ orders, onEdit, onDelete, focusOrderId, onFocused }: Props) {
  const columns = useMediaQuery(TWO_COLUMNS) ? 2 : 1;
  const { rows, keys } = useRows(orders, columns);
  const getItemKey = useCallback((index: number) => keys[index], [keys]);

  const listRef = useRef<HTMLDivElement | null>(null);
  const scrollMargin = useOffsetTop(listRef);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: estimateRow,
    overscan: OVERSCAN_ROWS,
    scrollMargin,
    scrollPaddingStart: SCROLL_PADDING_PX,
    getItemKey,
    measureElement: rowHeight,
    // The virtualizer places the rows and sizes the list in the page itself: the list renders again only when the
    // rows in range change, not for every row measured or every scroll event within the same rows.
    directDomUpdates: true,
  });
  const { containerRef } = virtualizer;
  const attachList = useCallback(
    (node: HTMLDivElement | null) => {
      listRef.current = node;
      containerRef(node);
    },
    [containerRef],
  );

  // A row measured above the screen moves what is on screen, so the list scrolls by the difference; but not while
  // the page scrolls smoothly to the results heading (a day picked), which that scroll would stop short, and not
  // for a row that reaches into the screen, whose change is below its top. "Above" is measured against where the
  // window is now: the virtualizer's own offset is the last scroll event's, and a day picked with reduced motion
  // jumps to the heading and shrinks the list before that event arrives; the old offset (the foot of the long list)
  // put the day's one row "above", and the correction sent the page back to its foot (seen in CI, layout.spec).
  useLayoutEffect(() => {
    // eslint-disable-next-line react-hooks/immutability -- the virtualizer takes this rule as a field, not an option
    virtualizer.shouldAdjustScrollPositionOnItemSizeChange = (item) =>
      !smoothScrollInProgress() && item.end <= window.scrollY;
  }, [virtualizer]);

  useFocusLinkedCard(orders, columns, scrollMargin, virtualizer.scrollToIndex, focusOrderId, onFocused);

  return (
    // The list's height and each row's translation are the virtualizer's to write (directDomUpdates).
    <div ref={attachList} className="orders-list" style={{ '--orders-columns': columns } as CSSProperties}>
      {virtualizer.getVirtualItems().map((item) => (
        <div key={item.key} data-index={item.index} ref={virtualizer.measureElement} className="orders-row">
          {rows[item.index].map((order) => (
            <OrderCard key={order._id} order={order} onEdit={onEdit} onDelete={onDelete} />
          ))}
        </div>
      ))}
    </div>
  );
}

/**
 * Scrolls the linked order's row into view, waits for its card to be drawn (the virtualizer settles the
 * scroll over a few frames as rows are measured), then focuses the card.
 */
function useFocusLinkedCard(
  orders: Order[],
  columns: number,
  scrollMargin: number,
  scrollToIndex: (index: number, options: { align: 'start' }) => void,
  focusOrderId: string | null | undefined,
  onFocused: (() => void) | undefined,
) {
  const index = focusOrderId ? orders.findIndex((o) => o._id === focusOrderId) : -1;
  /** The linked row, kept at the top while what is above the list settles (until the customer scrolls). */
  const held = useRef<number | null>(null);
  // An effect event reads the latest row and callbacks, so the scroll runs once per link followed, not
  // again when the list refreshes.
  const scrollThenFocus = useEffectEvent((id: string) => {
    const row = Math.floor(index / columns);
    scrollToIndex(row, { align: 'start' });
    held.current = row;
    const release = () => {
      held.current = null;
      for (const type of RELEASE_EVENTS) window.removeEventListener(type, release);
    };
    for (const type of RELEASE_EVENTS) window.addEventListener(type, release, { passive: true });
    // Not released by this effect's cleanup: that runs as soon as the card is focused (onFocused).
    setTimeout(release, HOLD_MS);
    let frames = 0;
    let frame = requestAnimationFrame(function focusWhenDrawn() {
      const card = document.getElementById(`order-${id}`);
      // A dialog that placed the order gives the focus back to its opener as its fade ends, and keeps it
      // inside while it fades: the card is focused once no dialog is open.
      const dialogOpen = document.body.classList.contains('modal-open');
      if ((card && !dialogOpen) || ++frames > FOCUS_FRAMES) {
        card?.focus({ preventScroll: true });
        onFocused?.();
        return;
      }
      frame = requestAnimationFrame(focusWhenDrawn);
    });
    return () => cancelAnimationFrame(frame);
  });
  const found = index >= 0;
  useEffect(() => {
    if (focusOrderId && found) return scrollThenFocus(focusOrderId);
  }, [focusOrderId, found]);
  // A notice or a panel above the list that appears after the scroll (the mail notice, the upcoming dates)
  // pushes the list down: scroll the linked row back to the top.
  useEffect(() => {
    if (held.current !== null) scrollToIndex(held.current, { align: 'start' });
  }, [scrollMargin, scrollToIndex]);
}
