import { useState } from 'react';
import { addGift } from '@/api/gifts';
import { MESSAGES } from '#contract/messages';
import { notify } from '@/lib/notify';
import { EMPTY_ORDER_FORM, orderFromForm, toDateKey } from './orderHelpers';
import { OrderFormDialog } from './OrderFormDialog';

interface Props {
  show: boolean;
  onClose: () => void;
  /** Called after a successful order, to refresh the list. */
  onOrdered: () => void;
}

/** Spec §2 Add Order dialog: the order form with Order and Close. A closed, unsent draft is kept. */
export function AddOrderDialog({ show, onClose, onOrdered }: Props) {
  const [values, setValues] = useState(EMPTY_ORDER_FORM);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await addGift(orderFromForm(values));
      if (answer.success) {
        notify(MESSAGES.orderSuccess);
        setValues(EMPTY_ORDER_FORM);
        onClose();
        onOrdered();
      } else {
        notify(MESSAGES.fillNecessaryFields);
        setError(answer.error ?? MESSAGES.fillNecessaryFields);
      }
    } catch (err) {
      console.error('Ordering failed', err);
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <OrderFormDialog
      show={show}
      title="Add Order"
      submitLabel="Order"
      busyText="Ordering…"
      values={values}
      onChange={setValues}
      onSubmit={submit}
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
