import { useState } from 'react';

import { MESSAGES } from '#contract/messages';
import { addOrder } from '@/api/orders';
import { useSubmit } from '@/hooks/useSubmit';
import { notify } from '@/lib/notify';

import { OrderFormDialog } from './OrderFormDialog';
import { EMPTY_ORDER_FORM, orderFromForm, toDateKey, type OrderFormValues } from './orderHelpers';

interface Props {
  show: boolean;
  onClose: () => void;
  /** Called after a successful order with what was ordered, to refresh the list. */
  onOrdered: (order: OrderFormValues, occasionId: string | null) => void;
  /** A form filled in ahead (an order for an occasion's occurrence); empty otherwise. */
  initialValues?: OrderFormValues;
  /** The customer's occasion this order is for, sent with it. */
  occasionId?: string;
}

/** The Add Order dialog: the order form with Order and Close. A closed, unsent draft is kept. */
export function AddOrderDialog({ show, onClose, onOrdered, initialValues, occasionId }: Props) {
  const [values, setValues] = useState(initialValues ?? EMPTY_ORDER_FORM);
  const { busy, error, setError, submit } = useSubmit({
    onSuccess: () => {
      notify(MESSAGES.orderSuccess);
      setValues(EMPTY_ORDER_FORM);
      onClose();
      onOrdered(values, occasionId ?? null);
    },
    refusalAlert: MESSAGES.fillNecessaryFields,
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
      onSubmit={() => submit(() => addOrder({ ...orderFromForm(values), ...(occasionId ? { occasionId } : {}) }))}
      onClose={() => {
        setError(null);
        onClose();
      }}
      busy={busy}
      error={error}
      minDate={toDateKey(new Date())}
    />
  );
}
