import { useState } from 'react';

import { MESSAGES } from '#contract/messages';
import { addOrder } from '@/api/orders';
import { useSubmit } from '@/hooks/useSubmit';
import { notify } from '@/lib/notify';

import { OrderFormDialog } from './OrderFormDialog';
import { EMPTY_ORDER_FORM, orderFromForm, toDateKey, type OrderFormValues } from './orderFormValues';

/** What an order was placed for: the customer's occasion (a date of a person) and the person, null for none. */
export interface OrderLink {
  occasionId: string | null;
  personId: string | null;
}

interface Props {
  show: boolean;
  onClose: () => void;
  /** Called after a successful order with what was ordered, what for and its new id, to refresh the list. */
  onOrdered: (order: OrderFormValues, link: OrderLink, id: string) => void;
  /** A form filled in ahead (an order for an occasion's occurrence, or from a person); empty otherwise. */
  initialValues?: OrderFormValues;
  /** The customer's occasion this order is for, sent with it. */
  occasionId?: string;
  /** The customer's person this order is for, sent with it (an order for an occasion is for its person anyway). */
  personId?: string;
}

/** The server's reason when the profile cannot order yet (a person's page opens this dialog without the gate). */
const refusalAlert = (reason: string | undefined) =>
  reason === MESSAGES.updateProfileFirst ? reason : MESSAGES.fillNecessaryFields;

/** The Add Order dialog: the order form with Order and Close. A closed, unsent draft is kept. */
export function AddOrderDialog({ show, onClose, onOrdered, initialValues, occasionId, personId }: Props) {
  const [values, setValues] = useState(initialValues ?? EMPTY_ORDER_FORM);
  const { busy, problem, setError, submit } = useSubmit<Awaited<ReturnType<typeof addOrder>>>({
    onSuccess: (answer) => {
      notify(MESSAGES.orderSuccess);
      setValues(EMPTY_ORDER_FORM);
      onClose();
      onOrdered(values, { occasionId: occasionId ?? null, personId: personId ?? null }, answer._id);
    },
    refusalAlert,
    fallbackError: MESSAGES.fillNecessaryFields,
    what: 'Ordering',
  });

  return (
    <OrderFormDialog
      show={show}
      title="Add Order"
      submitLabel="Order"
      busyText="Ordering…"
      values={values}
      onChange={setValues}
      onSubmit={(form) =>
        submit(
          () =>
            addOrder({
              ...orderFromForm(values),
              ...(occasionId ? { occasionId } : {}),
              ...(personId ? { personId } : {}),
            }),
          form,
        )
      }
      onClose={() => {
        setError(null);
        onClose();
      }}
      busy={busy}
      problem={problem}
      minDate={toDateKey(new Date())}
    />
  );
}
