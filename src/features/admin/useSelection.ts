import { useState } from 'react';

/** The orders picked for a bulk action. */
export interface Selection {
  ids: string[];
  has: (id: string) => boolean;
  toggle: (id: string) => void;
  setAll: (ids: string[]) => void;
}

/**
 * Which orders are selected, for the list loaded as `list` (a new load — another view, search, page of
 * results after a move — starts with nothing selected, so an action never reaches an order no longer shown).
 */
export function useSelection(list: unknown): Selection {
  const [state, setState] = useState<{ list: unknown; ids: string[] }>({ list, ids: [] });
  const ids = state.list === list ? state.ids : [];
  return {
    ids,
    has: (id) => ids.includes(id),
    toggle: (id) => setState({ list, ids: ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id] }),
    setAll: (all) => setState({ list, ids: all }),
  };
}
