import { useId } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';

import { GENDERS, OCCASION_EXAMPLES } from '#contract/giftOptions';
import { REMIND_DAYS_MAX, REMINDERS_MAX } from '#contract/limits';
import { BudgetField, DefaultOptionField, Required, Suggestions } from '@/components/giftFields';
import { TextField } from '@/components/TextField';

import type { OccasionFormValues } from './occasionForm';

interface Props {
  values: OccasionFormValues;
  onChange: (values: OccasionFormValues) => void;
  disabled?: boolean;
}

/** The occasion form: who, what and when (required), how to be reminded, and optional gift preferences. */
export function OccasionForm({ values, onChange, disabled }: Props) {
  const id = useId();
  const set = (field: keyof OccasionFormValues) => (value: string) => onChange({ ...values, [field]: value });

  return (
    <fieldset disabled={disabled}>
      <Row className="g-3">
        <Col sm={6}>
          <TextField
            id={`${id}-recipient`}
            groupClassName=""
            label={<Required>Recipient Name</Required>}
            value={values.recipientName}
            onChange={set('recipientName')}
            required
            maxLength={100}
            autoComplete="off"
          />
        </Col>
        <Col sm={6}>
          <TextField
            id={`${id}-relationship`}
            groupClassName=""
            label={<Required>Relationship</Required>}
            value={values.relationship}
            onChange={set('relationship')}
            required
            maxLength={60}
            placeholder="Sister, Friend, Partner…"
          />
        </Col>
        <Col sm={6}>
          <TextField
            id={`${id}-occasion`}
            groupClassName=""
            label={<Required>Occasion</Required>}
            value={values.occasion}
            onChange={set('occasion')}
            required
            maxLength={60}
            placeholder="Birthday, Anniversary…"
            list={`${id}-occasions`}
          />
          <Suggestions id={`${id}-occasions`} options={OCCASION_EXAMPLES} />
        </Col>
        <Col sm={6}>
          <TextField
            id={`${id}-date`}
            groupClassName=""
            label={<Required>Date</Required>}
            type="date"
            value={values.date}
            onChange={set('date')}
            required
          />
        </Col>
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
            onChange={set('remindDays')}
            inputMode="numeric"
            placeholder="30, 7"
            help={`Up to ${REMINDERS_MAX} numbers from 0 to ${REMIND_DAYS_MAX}, separated by commas. Leave empty for no reminders.`}
          />
        </Col>
      </Row>

      <h3 className="h6 mt-4 mb-1">Gift preferences</h3>
      <p className="small text-body-secondary mb-3">Optional: an order for this occasion starts with them filled in.</p>
      <Row className="g-3">
        <Col sm={6}>
          <TextField
            id={`${id}-gender`}
            groupClassName=""
            label="Gender"
            value={values.gender}
            onChange={set('gender')}
            list={`${id}-genders`}
            placeholder="Male, Female or Other"
          />
          <Suggestions id={`${id}-genders`} options={GENDERS} />
        </Col>
        <Col sm={6}>
          <TextField
            id={`${id}-interests`}
            groupClassName=""
            label="Interests"
            value={values.interests}
            onChange={set('interests')}
            maxLength={200}
          />
        </Col>
        <Col xs={12}>
          <TextField
            id={`${id}-address`}
            groupClassName=""
            label="Address"
            value={values.address}
            onChange={set('address')}
            maxLength={300}
            autoComplete="off"
          />
        </Col>
        <Col sm={6}>
          <TextField
            id={`${id}-phone`}
            groupClassName=""
            label="Phone Number"
            type="tel"
            inputMode="numeric"
            value={values.phoneNumber}
            onChange={set('phoneNumber')}
            maxLength={10}
          />
        </Col>
        <Col sm={6}>
          <TextField
            id={`${id}-email`}
            groupClassName=""
            label="Email"
            type="email"
            value={values.email}
            onChange={set('email')}
            maxLength={254}
            autoComplete="off"
          />
        </Col>
        <Col sm={6}>
          <BudgetField id={`${id}-budget`} value={values.budget} onChange={set('budget')} required={false} />
        </Col>
        <Col sm={6}>
          <DefaultOptionField
            id={`${id}-default`}
            value={values.defaultOption}
            onChange={(defaultOption) => onChange({ ...values, defaultOption })}
          />
        </Col>
        <Col xs={12}>
          <TextField
            id={`${id}-comments`}
            groupClassName=""
            label="Comments"
            as="textarea"
            rows={2}
            value={values.comments}
            onChange={set('comments')}
            maxLength={1000}
          />
        </Col>
      </Row>
    </fieldset>
  );
}
