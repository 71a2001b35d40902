import { useState } from 'react';

import { MESSAGES } from '#contract/messages';
import { addGift } from '@/api/gifts';
import { useSubmit } from '@/hooks/useSubmit';
import { notify } from '@/lib/notify';

import { OrderFormDialog } from './OrderFormDialog';
import { EMPTY_ORDER_FORM, orderFromForm, toDateKey } from './orderHelpers';

interface Props {
  show: boolean;
  onClose: () => void;
  /** Called after a successful order, to refresh the list. */
  onOrdered: () => void;
}

/** The Add Order dialog: the order form with Order and Close. A closed, unsent draft is kept. */
export function AddOrderDialog({ show, onClose, onOrdered }: Props) {
  const [values, setValues] = useState(EMPTY_ORDER_FORM);
  const { busy, error, setError, submit } = useSubmit({
    onSuccess: () => {
      notify(MESSAGES.orderSuccess);
      setValues(EMPTY_ORDER_FORM);
      onClose();
      onOrdered();
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
      onSubmit={() => submit(() => addGift(orderFromForm(values)))}
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
