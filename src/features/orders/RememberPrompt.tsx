import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import CloseButton from 'react-bootstrap/CloseButton';

import { occurrenceText } from '#contract/limits';
import { addOccasion } from '@/api/occasions';
import { FormError } from '@/components/FormError';
import { useSubmit } from '@/hooks/useSubmit';

import { occasionFromOrder } from './orderAndOccasion';
import type { OrderFormValues } from './orderHelpers';

/**
 * After an order placed without an occasion: one click keeps its recipient and occasion as a yearly
 * date, reminded 30 and 7 days ahead, with the order's details as gift preferences.
 */
export function RememberPrompt({
  order,
  onDismiss,
  onRemembered,
}: {
  order: OrderFormValues;
  onDismiss: () => void;
  onRemembered: () => void;
}) {
  const [done, setDone] = useState(false);
  const { busy, error, submit } = useSubmit({
    onSuccess: () => {
      setDone(true);
      onRemembered();
    },
    fallbackError: 'The date could not be saved.',
    what: 'Remembering the occasion',
  });
  const { countryCode: _formOnly, ...fields } = order;
  const what = occurrenceText(order);
  return (
    <div className="alert alert-info d-flex flex-wrap align-items-center gap-2" role="status">
      {done ? (
        <span className="me-auto">We will remind you ahead of {what} every year.</span>
      ) : (
        <>
          <span className="me-auto">Never miss it again:</span>
          <Button size="sm" onClick={() => void submit(() => addOccasion(occasionFromOrder(fields)))} disabled={busy}>
            Remember {what} every year
          </Button>
        </>
      )}
      <CloseButton aria-label="Dismiss" onClick={onDismiss} />
      <FormError message={error} className="w-100 mb-0" />
    </div>
  );
}
