import { useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type CSSProperties,
} from 'react';

import type { Order } from '#contract/orders';
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

function useColumns(): number {
  const twoColumns = useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(TWO_COLUMNS);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => window.matchMedia(TWO_COLUMNS).matches,
  );
  return twoColumns ? 2 : 1;
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
  const columns = useColumns();
  const rows = useMemo(() => {
    const out: Order[][] = [];
    for (let i = 0; i < orders.length; i += columns) out.push(orders.slice(i, i + columns));
    return out;
  }, [orders, columns]);

  const listRef = useRef<HTMLDivElement>(null);
  const scrollMargin = useOffsetTop(listRef);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: OVERSCAN_ROWS,
    scrollMargin,
    scrollPaddingStart: SCROLL_PADDING_PX,
    // A row's measured height belongs to the cards in it, whichever view or search shows them.
    getItemKey: (index) => rows[index].map((o) => o._id).join(' '),
  });

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
    <div
      ref={listRef}
      className="orders-list"
      style={{ height: virtualizer.getTotalSize(), '--orders-columns': columns } as CSSProperties}
    >
      {virtualizer.getVirtualItems().map((item) => (
        <div
          key={item.key}
          data-index={item.index}
          ref={virtualizer.measureElement}
          className="orders-row"
          style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
        >
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
