import Row from 'react-bootstrap/Row';

import { ORDER_FIELDS, type RecipientField } from '#contract/recipientFields';
import { RecipientFields } from '@/components/recipient/RecipientFields';

import type { OrderFormValues } from './orderFormValues';

/** The order form's fields in the order the form shows them (docs/screens.md). */
const LAYOUT: readonly RecipientField[] = [
  'recipientName',
  'relationship',
  'occasion',
  'gender',
  'address',
  'phoneNumber',
  'email',
  'interests',
  'budget',
  'defaultOption',
  'date',
  'comments',
];

interface Props {
  values: OrderFormValues;
  onChange: (values: OrderFormValues) => void;
  /** Earliest date offered by the date picker (new orders: today). */
  minDate?: string;
  disabled?: boolean;
}

/**
 * The order form: what each field requires is the order schema's (ORDER_FIELDS: gender and comments are marked
 * but not enforced), and the country code in front of the phone number is form-only.
 */
export function OrderForm({ values, onChange, minDate, disabled }: Props) {
  return (
    <fieldset disabled={disabled} className="order-form">
      <Row className="g-3">
        <RecipientFields
          fields={LAYOUT}
          presence={ORDER_FIELDS}
          values={values}
          onChange={(change) => onChange({ ...values, ...change })}
          minDate={minDate}
          withCountryCode
        />
      </Row>
    </fieldset>
  );
}
