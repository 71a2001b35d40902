import { useRef, type KeyboardEvent } from 'react';

import { ORDER_VIEWS, type OrderView } from './orderViews';

interface Props {
  view: OrderView;
  counts: Record<OrderView, number>;
  onChange: (view: OrderView) => void;
  /** The id of the list the tabs control. */
  panelId: string;
}

const KEY_STEPS: Record<string, (i: number, n: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

/**
 * The views as tabs with their counts. One tab is in the Tab order (the chosen one); the arrow keys, Home and
 * End choose another, as the ARIA tabs pattern has it.
 */
export function OrderViewTabs({ view, counts, onChange, panelId }: Props) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent) => {
    const step = KEY_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const next = step(
      ORDER_VIEWS.findIndex((v) => v.view === view),
      ORDER_VIEWS.length,
    );
    onChange(ORDER_VIEWS[next].view);
    tabs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label="Orders by stage" className="nav nav-pills order-views" onKeyDown={onKeyDown}>
      {ORDER_VIEWS.map((v, i) => {
        const selected = v.view === view;
        return (
          <button
            key={v.view}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`order-view-${v.view}`}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            className={`nav-link text-nowrap${selected ? ' active' : ''}`}
            onClick={() => onChange(v.view)}
          >
            {v.label}{' '}
            <span className={`badge rounded-pill ${selected ? 'text-bg-light' : 'text-bg-secondary'}`}>
              {counts[v.view]}
            </span>
          </button>
        );
      })}
    </div>
  );
}
