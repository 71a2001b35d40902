import { useCallback, useState } from 'react';

import { listOccasions } from '@/api/occasions';
import { notify } from '@/lib/notify';

import { orderFormFromOccasion } from './orderAndOccasion';
import type { OrderFormValues } from './orderHelpers';

/** An Add Order form filled from an occasion and dated on one of its occurrences. */
export interface OrderPreset {
  key: string;
  occasionId: string;
  values: OrderFormValues;
}

/**
 * Prepares the Add Order dialog for an occurrence of an occasion: reads the occasion (its gift
 * preferences fill the form) and dates the order on the occurrence. `preparing` names the occurrence
 * while the occasion loads; an unknown occasion (deleted, or another account's link) is said plainly.
 */
export function useOccasionOrder() {
  const [preset, setPreset] = useState<OrderPreset | null>(null);
  const [preparing, setPreparing] = useState<string | null>(null);

  const prepare = useCallback(async (occasionId: string, date: string) => {
    const key = `${occasionId}/${date}`;
    setPreparing(key);
    try {
      const answer = await listOccasions();
      if (!answer.success) throw new Error(answer.error);
      const occasion = answer.data.find((o) => o._id === occasionId);
      if (!occasion) {
        notify('That occasion is no longer on your list.');
        return;
      }
      setPreset({ key, occasionId, values: orderFormFromOccasion(occasion, date) });
    } catch (err) {
      console.error('Loading the occasion failed', err);
      notify('The occasion could not be loaded. Please try again.');
    } finally {
      setPreparing(null);
    }
  }, []);

  return { preset, preparing, prepare, clear: () => setPreset(null) };
}
