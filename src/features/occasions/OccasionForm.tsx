import { useId } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';

import { REMIND_DAYS_MAX, REMINDERS_MAX } from '#contract/limits';
import { OCCASION_FIELDS, type RecipientField } from '#contract/recipientFields';
import { RecipientFields, type RecipientChange } from '@/components/recipient/RecipientFields';
import { TextField } from '@/components/TextField';

import type { OccasionFormValues } from './occasionFormValues';

/** Who, what and when: required. */
const WHO_AND_WHEN: readonly RecipientField[] = ['recipientName', 'relationship', 'occasion', 'date'];
/** Optional: an order placed for the occasion starts with them. */
const GIFT_PREFERENCES: readonly RecipientField[] = [
  'gender',
  'interests',
  'address',
  'phoneNumber',
  'email',
  'budget',
  'defaultOption',
  'comments',
];

interface Props {
  values: OccasionFormValues;
  onChange: (values: OccasionFormValues) => void;
  disabled?: boolean;
}

/** The occasion form: who, what and when (required), how to be reminded, and optional gift preferences. */
export function OccasionForm({ values, onChange, disabled }: Props) {
  const id = useId();
  const change = (c: RecipientChange) => onChange({ ...values, ...c });
  return (
    <fieldset disabled={disabled}>
      <Row className="g-3">
        <RecipientFields fields={WHO_AND_WHEN} presence={OCCASION_FIELDS} values={values} onChange={change} />
        <Col sm={6}>
          <Form.Check
            type="switch"
            id={`${id}-yearly`}
            label="Repeats every year"
            checked={values.repeatsYearly}
            onChange={(e) => onChange({ ...values, repeatsYearly: e.target.checked })}
          />
        </Col>
        <Col sm={6}>
          <TextField
            id={`${id}-remind`}
            groupClassName=""
            label="Remind me (days before)"
            value={values.remindDays}
            onChange={(remindDays) => onChange({ ...values, remindDays })}
            inputMode="numeric"
            placeholder="30, 7"
            help={`Up to ${REMINDERS_MAX} numbers from 0 to ${REMIND_DAYS_MAX}, separated by commas. Leave empty for no reminders.`}
          />
        </Col>
      </Row>

      <h3 className="h6 mt-4 mb-1">Gift preferences</h3>
      <p className="small text-body-secondary mb-3">Optional: an order for this occasion starts with them filled in.</p>
      <Row className="g-3">
        <RecipientFields fields={GIFT_PREFERENCES} presence={OCCASION_FIELDS} values={values} onChange={change} />
      </Row>
    </fieldset>
  );
}
