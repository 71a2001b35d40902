import { useCallback, useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

import type { PersonSummary } from '#contract/people';
import { SHELL_MESSAGES } from '#contract/shellMessages';
import { isProfileFilled } from '@/api/session';
import { usePersonOrder } from '@/components/orderForm/PersonOrderDialog';
import { notify } from '@/lib/notify';

/** One occurrence of a person's date: which date, on which day (YYYY-MM-DD). */
export interface Occurrence {
  dateId: string;
  on: string;
}

/**
 * The `onOrder(person, occurrence?)` of the People screens' "Order a gift" buttons: the Add Order dialog, filled from
 * the person and dated on their next date or the occurrence given (usePersonOrder, shared code); render
 * `orderDialog` once in the screen. `onOrdered` runs once an order is placed (a person's page reads them again, so
 * their gift history shows it).
 */
export function useOrderGift(onOrdered?: () => void) {
  const { openOrderFor, orderDialog } = usePersonOrder(onOrdered);
  const navigate = useNavigate();
  const onOrder = useCallback(
    (person: PersonSummary, occurrence?: Occurrence) =>
      void profileCanOrder().then((can) => {
        if (can) return openOrderFor(person, occurrence?.dateId, occurrence?.on);
        // Ordering needs the saved details and card, as on /orders: the profile asks for them first.
        notify(SHELL_MESSAGES.updateProfileFirst);
        void navigate('/profile');
      }),
    [openOrderFor, navigate],
  );
  return { onOrder, orderDialog };
}

/** Whether the profile can order; a check that fails opens the dialog anyway (the server refuses with its reason). */
async function profileCanOrder(): Promise<boolean> {
  try {
    const answer = await isProfileFilled();
    return !answer.success || answer.isProfileFilled;
  } catch (err) {
    console.error('Profile check failed', err);
    return true;
  }
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A reminder email links to /people/{id}?order={dateId}&date={YYYY-MM-DD}: order a gift for that occurrence, once
 * (the address loses its parameters, so Back does not order again).
 */
export function useOrderFromEmailLink(person: PersonSummary, onOrder: (p: PersonSummary, o: Occurrence) => void) {
  const [params, setParams] = useSearchParams();
  const dateId = params.get('order');
  const on = params.get('date');
  useEffect(() => {
    if (!dateId || !on || !ISO_DATE.test(on)) return;
    setParams({}, { replace: true });
    onOrder(person, { dateId, on });
    // Once per link: the person read again after a change does not order again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dateId, on]);
}
