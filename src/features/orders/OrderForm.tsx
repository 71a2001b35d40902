import { type ReactNode, useId } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Row from 'react-bootstrap/Row';
import { DEFAULT_OPTIONS, type DefaultOption, GENDERS, INTEREST_EXAMPLES, OCCASION_EXAMPLES } from '#contract/giftOptions';
import { PHONE_LENGTH } from '#contract/limits';
import type { OrderFormValues } from './orderHelpers';

interface Props {
  values: OrderFormValues;
  onChange: (values: OrderFormValues) => void;
  /** Earliest date offered by the date picker (new orders: today). */
  minDate?: string;
  disabled?: boolean;
}

/** A field label with the "required" mark (gender and comments carry the mark without a required flag: spec §5). */
function Label({ children, htmlFor }: { children: ReactNode; htmlFor?: string }) {
  return (
    <Form.Label htmlFor={htmlFor}>
      {children}
      <span className="text-danger ms-1" aria-hidden="true">
        *
      </span>
    </Form.Label>
  );
}

/**
 * The order form of SPEC.md §5: required flags on recipient name, relationship, occasion, address,
 * phone, email, interests, budget and date; gender and comments are marked but not enforced;
 * phone is exactly 10 characters; countryCode is form-only.
 */
export function OrderForm({ values, onChange, minDate, disabled }: Props) {
  const id = useId();
  const set =
    (field: keyof OrderFormValues) =>
    (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      onChange({ ...values, [field]: e.target.value });

  return (
    <fieldset disabled={disabled} className="order-form">
      <Row className="g-3">
        <Form.Group as={Col} sm={6} controlId={`${id}-recipient`}>
          <Label>Recipient Name</Label>
          <Form.Control name="recipientName" value={values.recipientName} onChange={set('recipientName')} required maxLength={100} autoComplete="off" />
        </Form.Group>
        <Form.Group as={Col} sm={6} controlId={`${id}-relationship`}>
          <Label>Relationship</Label>
          <Form.Control name="relationship" value={values.relationship} onChange={set('relationship')} required maxLength={60} placeholder="Sister, Friend, Partner…" />
        </Form.Group>

        <Form.Group as={Col} sm={6} controlId={`${id}-occasion`}>
          <Label>Occasion</Label>
          <Form.Control
            name="occasion"
            value={values.occasion}
            onChange={set('occasion')}
            required
            maxLength={60}
            placeholder="Christmas, Birthday or Anniversary"
            list={`${id}-occasions`}
          />
          <datalist id={`${id}-occasions`}>
            {OCCASION_EXAMPLES.map((o) => (
              <option key={o} value={o} />
            ))}
          </datalist>
        </Form.Group>
        <Form.Group as={Col} sm={6} controlId={`${id}-gender`}>
          <Label>Gender</Label>
          <Form.Control
            name="gender"
            value={values.gender}
            onChange={set('gender')}
            placeholder="Male, Female or Other"
            list={`${id}-genders`}
            pattern="[Mm]ale|[Ff]emale|[Oo]ther|MALE|FEMALE|OTHER"
            title="Male, Female or Other"
          />
          <datalist id={`${id}-genders`}>
            {GENDERS.map((g) => (
              <option key={g} value={g} />
            ))}
          </datalist>
        </Form.Group>

        <Form.Group as={Col} xs={12} controlId={`${id}-address`}>
          <Label>Address</Label>
          <Form.Control name="address" value={values.address} onChange={set('address')} required maxLength={300} autoComplete="off" />
        </Form.Group>

        <Col sm={6}>
          <Label htmlFor={`${id}-phone`}>Phone Number</Label>
          <InputGroup>
            <Form.Control
              name="countryCode"
              value={values.countryCode}
              onChange={set('countryCode')}
              placeholder="+1"
              aria-label="Country code"
              className="order-form__country"
              maxLength={5}
              inputMode="tel"
            />
            <Form.Control
              id={`${id}-phone`}
              name="phoneNumber"
              type="tel"
              inputMode="numeric"
              value={values.phoneNumber}
              onChange={set('phoneNumber')}
              required
              minLength={PHONE_LENGTH}
              maxLength={PHONE_LENGTH}
              pattern={`\\d{${PHONE_LENGTH}}`}
              title={`Exactly ${PHONE_LENGTH} digits`}
              placeholder="5551234567"
              aria-describedby={`${id}-phone-help`}
            />
          </InputGroup>
          <Form.Text id={`${id}-phone-help`}>Exactly {PHONE_LENGTH} digits.</Form.Text>
        </Col>
        <Form.Group as={Col} sm={6} controlId={`${id}-email`}>
          <Label>Email</Label>
          <Form.Control name="email" type="email" value={values.email} onChange={set('email')} required maxLength={254} autoComplete="off" />
        </Form.Group>

        <Form.Group as={Col} sm={6} controlId={`${id}-interests`}>
          <Label>Interests</Label>
          <Form.Control
            name="interests"
            value={values.interests}
            onChange={set('interests')}
            required
            maxLength={200}
            placeholder="Electronics, PersonalizedItem, Branded"
            list={`${id}-interests-list`}
          />
          <datalist id={`${id}-interests-list`}>
            {INTEREST_EXAMPLES.map((i) => (
              <option key={i} value={i} />
            ))}
          </datalist>
        </Form.Group>
        <Col sm={6}>
          <Label htmlFor={`${id}-budget`}>Budget</Label>
          <InputGroup>
            <InputGroup.Text>$</InputGroup.Text>
            <Form.Control
              id={`${id}-budget`}
              name="budget"
              inputMode="decimal"
              value={values.budget}
              onChange={set('budget')}
              required
              maxLength={13}
              pattern="\$?\d{1,9}(\.\d{1,2})?"
              title="An amount in dollars, like 50 or 49.99"
              placeholder="50"
            />
          </InputGroup>
        </Col>

        <Form.Group as={Col} sm={6} controlId={`${id}-default`}>
          <Form.Label>Default Option</Form.Label>
          <Form.Select name="defaultOption" value={values.defaultOption} onChange={(e) => onChange({ ...values, defaultOption: e.target.value as DefaultOption })}>
            {DEFAULT_OPTIONS.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group as={Col} sm={6} controlId={`${id}-date`}>
          <Label>Date</Label>
          <Form.Control name="date" type="date" value={values.date} onChange={set('date')} required min={minDate} />
        </Form.Group>

        <Form.Group as={Col} xs={12} controlId={`${id}-comments`}>
          <Label>Comments</Label>
          <Form.Control name="comments" as="textarea" rows={2} value={values.comments} onChange={set('comments')} maxLength={1000} placeholder="Anything we should know: colours, sizes, allergies…" />
        </Form.Group>
      </Row>
    </fieldset>
  );
}
