import { useState } from 'react';
import { updateGift } from '@/api/gifts';
import type { GiftOrder } from '#contract/gifts';
import { formFromOrder, orderFromForm } from './orderHelpers';
import { OrderFormDialog } from './OrderFormDialog';

interface Props {
  /** The order being edited; the page mounts this dialog afresh (keyed by _id) for each order. */
  order: GiftOrder;
  onClose: () => void;
  /** Reloads the list (after the save, or to show the order's current state after a refusal). */
  refresh: () => void;
}

/** Spec §2 EDIT ORDER dialog: prefilled; Save changes sends the whole order, then the list reloads. */
export function EditOrderDialog({ order, onClose, refresh }: Props) {
  const [values, setValues] = useState(() => formFromOrder(order));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await updateGift(order._id, { _id: order._id, ...orderFromForm(values) });
      if (answer.success) {
        onClose();
        refresh();
        return;
      }
      // Spec §8: update errors are logged; we also keep the dialog open with the server's reason.
      console.error('Order update refused', answer.error);
      setError(answer.error ?? 'The order could not be saved.');
      // The order may have changed (e.g. an admin started on it): show its current state behind the dialog.
      refresh();
    } catch (err) {
      console.error('Order update failed', err);
      setError(err instanceof Error ? err.message : String(err));
    }
    setBusy(false);
  };

  return (
    <OrderFormDialog
      show
      title="EDIT ORDER"
      submitLabel="Save changes"
      busyText="Saving…"
      values={values}
      onChange={setValues}
      onSubmit={submit}
      onClose={onClose}
      busy={busy}
      error={error}
    />
  );
}
