import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';

import { DEFAULT_OPTIONS, type DefaultOption } from '#contract/giftOptions';
import { PHONE_LENGTH } from '#contract/limits';

/*
 * The fields the order form and the occasion form share (both features use them, so they are shared SPA code).
 */

/** A field label's text with the "required" mark (gender and comments carry the mark without a required flag). */
export function Required({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <span className="text-danger ms-1" aria-hidden="true">
        *
      </span>
    </>
  );
}

/** Examples a text input offers as it is typed in (the input points at it with list={id}). */
export function Suggestions({ id, options }: { id: string; options: readonly string[] }) {
  return (
    <datalist id={id}>
      {options.map((o) => (
        <option key={o} value={o} />
      ))}
    </datalist>
  );
}

interface FieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
}

/** The country code (form-only, never sent) and the phone number of exactly PHONE_LENGTH digits. */
export function PhoneNumberField({
  id,
  countryCode,
  onCountryCode,
  value,
  onChange,
}: FieldProps & { countryCode: string; onCountryCode: (value: string) => void }) {
  return (
    <>
      <Form.Label htmlFor={id}>
        <Required>Phone Number</Required>
      </Form.Label>
      <InputGroup>
        <Form.Control
          name="countryCode"
          value={countryCode}
          onChange={(e) => onCountryCode(e.target.value)}
          placeholder="+1"
          aria-label="Country code"
          className="order-form__country"
          maxLength={5}
          inputMode="tel"
        />
        <Form.Control
          id={id}
          name="phoneNumber"
          type="tel"
          inputMode="numeric"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          required
          minLength={PHONE_LENGTH}
          maxLength={PHONE_LENGTH}
          pattern={`\\d{${PHONE_LENGTH}}`}
          title={`Exactly ${PHONE_LENGTH} digits`}
          placeholder="5551234567"
          aria-describedby={`${id}-help`}
        />
      </InputGroup>
      <Form.Text id={`${id}-help`}>Exactly {PHONE_LENGTH} digits.</Form.Text>
    </>
  );
}

/** The budget in dollars, with the dollar sign in front (required on an order, optional on an occasion). */
export function BudgetField({ id, value, onChange, required = true }: FieldProps & { required?: boolean }) {
  return (
    <>
      <Form.Label htmlFor={id}>{required ? <Required>Budget</Required> : 'Budget'}</Form.Label>
      <InputGroup>
        <InputGroup.Text>$</InputGroup.Text>
        <Form.Control
          id={id}
          name="budget"
          inputMode="decimal"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          required={required}
          maxLength={13}
          pattern="\$?\d{1,9}(\.\d{1,2})?"
          title="An amount in dollars, like 50 or 49.99"
          placeholder="50"
        />
      </InputGroup>
    </>
  );
}

/** What is sent when nothing suits the interests. */
export function DefaultOptionField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: DefaultOption;
  onChange: (value: DefaultOption) => void;
}) {
  return (
    <Form.Group controlId={id}>
      <Form.Label>Default Option</Form.Label>
      <Form.Select name="defaultOption" value={value} onChange={(e) => onChange(e.target.value as DefaultOption)}>
        {DEFAULT_OPTIONS.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
