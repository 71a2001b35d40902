import { useState } from 'react';

import type { CustomerOrder } from '#contract/orders';
import { updateOrder } from '@/api/orders';
import { OrderFormDialog } from '@/components/orderForm/OrderFormDialog';
import { useSubmit } from '@/hooks/useSubmit';

import { formFromOrder, orderFromForm } from './orderHelpers';

interface Props {
  /** The order being edited; the page mounts this dialog afresh (keyed by _id) for each order. */
  order: CustomerOrder;
  onClose: () => void;
  /** Reloads the list (after the save, or to show the order's current state after a refusal). */
  refresh: () => void;
}

/** What saving an order with an open proposal also does (the server withdraws it in the edit's statement). */
const withdrawsProposal = ({ proposal }: CustomerOrder) =>
  proposal?.state === 'open'
    ? `Saving withdraws our proposal (${proposal.title}, $${proposal.price}), which is waiting for your answer. We will then propose a gift for the order as you changed it.`
    : undefined;

/**
 * The EDIT ORDER dialog: prefilled; Save changes sends the whole order, then the list reloads. With a proposal
 * waiting for an answer it says first that saving withdraws it.
 */
export function EditOrderDialog({ order, onClose, refresh }: Props) {
  const [values, setValues] = useState(() => formFromOrder(order));
  const { busy, problem, submit } = useSubmit({
    onSuccess: () => {
      onClose();
      refresh();
    },
    // Update errors are logged, and the dialog stays open with the server's reason.
    onRefused: (reason) => {
      console.error('Order update refused', reason);
      // The order may have changed (e.g. an admin started on it): show its current state behind the dialog.
      refresh();
    },
    fallbackError: 'The order could not be saved.',
    what: 'Order update',
  });

  return (
    <OrderFormDialog
      show
      title="EDIT ORDER"
      submitLabel="Save changes"
      busyText="Saving…"
      values={values}
      onChange={setValues}
      onSubmit={(form) => submit(() => updateOrder(order._id, { _id: order._id, ...orderFromForm(values) }), form)}
      onClose={onClose}
      busy={busy}
      problem={problem}
      kept={{ date: order.date, defaultOption: order.defaultOption }}
      notice={withdrawsProposal(order)}
    />
  );
}
