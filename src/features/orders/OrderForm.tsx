import { useId } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';

import { GENDERS, INTEREST_EXAMPLES, OCCASION_EXAMPLES } from '#contract/giftOptions';
import { BudgetField, DefaultOptionField, PhoneNumberField, Required, Suggestions } from '@/components/giftFields';
import { TextField } from '@/components/TextField';

import type { OrderFormValues } from './orderHelpers';

interface Props {
  values: OrderFormValues;
  onChange: (values: OrderFormValues) => void;
  /** Earliest date offered by the date picker (new orders: today). */
  minDate?: string;
  disabled?: boolean;
}

/**
 * The order form: required flags on recipient name, relationship, occasion, address, phone, email,
 * interests, budget and date; gender and comments are marked but not enforced; phone is exactly 10
 * characters; countryCode is form-only.
 */
export function OrderForm({ values, onChange, minDate, disabled }: Props) {
  const id = useId();
  const set = (field: keyof OrderFormValues) => (value: string) => onChange({ ...values, [field]: value });

  return (
    <fieldset disabled={disabled} className="order-form">
      <Row className="g-3">
        <Col sm={6}>
          <TextField
            id={`${id}-recipient`}
            groupClassName=""
            label={<Required>Recipient Name</Required>}
            name="recipientName"
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
            name="relationship"
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
            name="occasion"
            value={values.occasion}
            onChange={set('occasion')}
            required
            maxLength={60}
            placeholder="Christmas, Birthday or Anniversary"
            list={`${id}-occasions`}
          />
          <Suggestions id={`${id}-occasions`} options={OCCASION_EXAMPLES} />
        </Col>
        <Col sm={6}>
          <TextField
            id={`${id}-gender`}
            groupClassName=""
            label={<Required>Gender</Required>}
            name="gender"
            value={values.gender}
            onChange={set('gender')}
            placeholder="Male, Female or Other"
            list={`${id}-genders`}
            pattern="[Mm]ale|[Ff]emale|[Oo]ther|MALE|FEMALE|OTHER"
            title="Male, Female or Other"
          />
          <Suggestions id={`${id}-genders`} options={GENDERS} />
        </Col>

        <Col xs={12}>
          <TextField
            id={`${id}-address`}
            groupClassName=""
            label={<Required>Address</Required>}
            name="address"
            value={values.address}
            onChange={set('address')}
            required
            maxLength={300}
            autoComplete="off"
          />
        </Col>

        <Col sm={6}>
          <PhoneNumberField
            id={`${id}-phone`}
            countryCode={values.countryCode}
            onCountryCode={set('countryCode')}
            value={values.phoneNumber}
            onChange={set('phoneNumber')}
          />
        </Col>
        <Col sm={6}>
          <TextField
            id={`${id}-email`}
            groupClassName=""
            label={<Required>Email</Required>}
            name="email"
            type="email"
            value={values.email}
            onChange={set('email')}
            required
            maxLength={254}
            autoComplete="off"
          />
        </Col>

        <Col sm={6}>
          <TextField
            id={`${id}-interests`}
            groupClassName=""
            label={<Required>Interests</Required>}
            name="interests"
            value={values.interests}
            onChange={set('interests')}
            required
            maxLength={200}
            placeholder="Electronics, PersonalizedItem, Branded"
            list={`${id}-interests-list`}
          />
          <Suggestions id={`${id}-interests-list`} options={INTEREST_EXAMPLES} />
        </Col>
        <Col sm={6}>
          <BudgetField id={`${id}-budget`} value={values.budget} onChange={set('budget')} />
        </Col>

        <Col sm={6}>
          <DefaultOptionField
            id={`${id}-default`}
            value={values.defaultOption}
            onChange={(defaultOption) => onChange({ ...values, defaultOption })}
          />
        </Col>
        <Col sm={6}>
          <TextField
            id={`${id}-date`}
            groupClassName=""
            label={<Required>Date</Required>}
            name="date"
            type="date"
            value={values.date}
            onChange={set('date')}
            required
            min={minDate}
          />
        </Col>

        <Col xs={12}>
          <TextField
            id={`${id}-comments`}
            groupClassName=""
            label={<Required>Comments</Required>}
            name="comments"
            as="textarea"
            rows={2}
            value={values.comments}
            onChange={set('comments')}
            maxLength={1000}
            placeholder="Anything we should know: colours, sizes, allergies…"
          />
        </Col>
      </Row>
    </fieldset>
  );
}
