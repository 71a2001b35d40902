import Form from 'react-bootstrap/Form';

import { SHIPPING_LIMITS } from '#contract/shippingLimits';
import { CharacterCount } from '@/components/CharacterCount';

import { localToday } from './localDay';

/** deliveredOn '' is today: the server records the customer's today, and the call stays the spec's `{status}`. */
export interface DeliveryInput {
  deliveredOn: string;
  note: string;
}

/**
 * What Finish records about the delivery: the day it was delivered (today unless changed) and an optional note,
 * both shown to the customer and sent in the "Delivered" email.
 */
export function DeliveryFields({
  value,
  onChange,
  disabled,
}: {
  value: DeliveryInput;
  onChange: (value: DeliveryInput) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="mt-4" disabled={disabled}>
      <legend className="h6 text-uppercase text-body-secondary admin-section-title">Delivery (for Finish)</legend>
      <Form.Group controlId="delivery-delivered-on" className="mb-2">
        <Form.Label>Delivered on</Form.Label>
        <Form.Control
          type="date"
          max={localToday()}
          value={value.deliveredOn || localToday()}
          onChange={(event) => onChange({ ...value, deliveredOn: event.target.value })}
        />
      </Form.Group>
      <Form.Group controlId="delivery-note">
        <Form.Label>Delivery note (optional, shown to the customer)</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          aria-describedby="delivery-note-count"
          value={value.note}
          onChange={(event) => onChange({ ...value, note: event.target.value })}
        />
        <CharacterCount
          id="delivery-note-count"
          controlId="delivery-note"
          value={value.note}
          max={SHIPPING_LIMITS.deliveryNote}
        />
      </Form.Group>
    </fieldset>
  );
}

/** The fields as they open: delivered today, no note. */
export const newDelivery = (): DeliveryInput => ({ deliveredOn: '', note: '' });
