import Row from 'react-bootstrap/Row';

import { ORDER_FIELDS, type RecipientField } from '#contract/recipientFields';
import { RecipientFields } from '@/components/recipient/RecipientFields';

import type { DateRule } from './deliveryDate';
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
  /** The date's first day offered and why (the chosen option's earliest delivery date). */
  dateRule?: DateRule;
  disabled?: boolean;
}

/**
 * The order form: what each field requires, and so which labels carry the `*`, is the order schema's
 * (ORDER_FIELDS); the country code in front of the phone number is form-only.
 */
export function OrderForm({ values, onChange, dateRule, disabled }: Props) {
  return (
    <fieldset disabled={disabled} className="order-form">
      <Row className="g-3">
        <RecipientFields
          fields={LAYOUT}
          presence={ORDER_FIELDS}
          values={values}
          onChange={(change) => onChange({ ...values, ...change })}
          minDate={dateRule?.min}
          dateHelp={dateRule?.help}
          dateTooSoon={dateRule?.tooSoon}
          withCountryCode
        />
      </Row>
    </fieldset>
  );
}
