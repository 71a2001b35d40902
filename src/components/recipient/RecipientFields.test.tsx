import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import Row from 'react-bootstrap/Row';
import { describe, expect, it, vi } from 'vitest';

import { orderFields } from '#contract/orders';
import { CALLING_CODE_MESSAGE } from '#contract/phoneNumber';
import {
  OCCASION_FIELDS,
  ORDER_FIELDS,
  RECIPIENT_FIELDS,
  type FieldPresences,
  type RecipientField,
} from '#contract/recipientFields';

import { COUNTED_FROM } from '../CharacterCount';
import { RecipientFields, type RecipientChange } from './RecipientFields';
import { EMPTY_RECIPIENT, type RecipientValues } from './recipientValues';

const ALL = Object.keys(RECIPIENT_FIELDS) as RecipientField[];
const HINT = '10 digits; spaces, dashes, dots and brackets are fine.';

/** The fields in a form of their own that keeps what they report, as the order and occasion forms do. */
function Form({
  fields = ALL,
  presence,
  withCountryCode,
  onChange = () => undefined,
}: {
  fields?: readonly RecipientField[];
  presence: FieldPresences;
  withCountryCode?: boolean;
  onChange?: (change: RecipientChange) => void;
}) {
  const [values, setValues] = useState<RecipientValues & { countryCode: string }>({
    ...EMPTY_RECIPIENT,
    countryCode: '',
  });
  return (
    <form aria-label="recipient">
      <Row>
        <RecipientFields
          fields={fields}
          presence={presence}
          values={values}
          onChange={(change) => {
            onChange(change);
            setValues({ ...values, ...change });
          }}
          withCountryCode={withCountryCode}
          minDate="2030-01-01"
        />
      </Row>
    </form>
  );
}

/** A field by its label, whether or not the label carries the * mark. */
const byLabel = (label: string) => screen.getByLabelText(label, { exact: false });
const input = (field: RecipientField) => screen.getByRole('form').querySelector(`[name="${field}"]`)!;

describe('RecipientFields', () => {
  it.each([
    ['order', ORDER_FIELDS],
    ['occasion', OCCASION_FIELDS],
  ] as const)(
    'labels, names, limits, required flags and * marks of the %s form come from the contract',
    (_form, presence) => {
      render(<Form presence={presence} />);
      for (const field of ALL) {
        const rule: { label: string; maxLength?: number; minLength?: number; pattern?: string } =
          RECIPIENT_FIELDS[field];
        const control = byLabel(rule.label);
        expect(control, field).toBe(input(field));
        expect(control.tagName === 'SELECT' || control.hasAttribute('required'), field).toBe(
          control.tagName === 'SELECT' || presence[field] === 'required',
        );
        // The phone field reads any common format into its digits (its own tests, below), so it sets no limits.
        const limited = field !== 'phoneNumber';
        // A long text (from COUNTED_FROM characters) is counted, not cut (CharacterCount.test.tsx).
        const counted = field !== 'email' && (rule.maxLength ?? 0) >= COUNTED_FROM;
        if (counted) expect(control, field).toHaveAttribute('aria-describedby', `${control.id}-count`);
        else if (limited && rule.maxLength) {
          expect(control, field).toHaveAttribute('maxLength', String(rule.maxLength));
        }
        if (limited && rule.minLength) expect(control, field).toHaveAttribute('minLength', String(rule.minLength));
        if (limited && rule.pattern) expect(control, field).toHaveAttribute('pattern', rule.pattern);
        const label = document.querySelector(`label[for="${control.id}"]`)!;
        expect(label.textContent, field).toBe(presence[field] === 'optional' ? rule.label : `${rule.label}*`);
      }
    },
  );

  it('marks a label * only where the server requires the field (the order schema refuses it left out)', () => {
    render(<Form presence={ORDER_FIELDS} withCountryCode />);
    for (const field of ALL) {
      const requires = !orderFields.shape[field].safeParse(undefined).success;
      const label = document.querySelector(`label[for="${input(field).id}"]`)!;
      expect(label.textContent!.endsWith('*'), field).toBe(requires);
      expect(input(field).hasAttribute('required'), field).toBe(requires);
    }
  });

  it('asks the gender as a choice of the API values, blank ("Choose…") first', async () => {
    const onChange = vi.fn();
    render(<Form presence={ORDER_FIELDS} onChange={onChange} />);
    const gender = byLabel('Gender');
    expect(gender.tagName).toBe('SELECT');
    expect([...gender.querySelectorAll('option')].map((o) => [o.value, o.textContent])).toEqual([
      ['', 'Choose…'],
      ['Male', 'Male'],
      ['Female', 'Female'],
      ['Other', 'Other'],
    ]);
    expect(gender).toHaveValue('');
    await userEvent.setup().selectOptions(gender, 'Female');
    expect(onChange).toHaveBeenLastCalledWith({ gender: 'Female' });
  });

  it('writes placeholders and suggestions in words, not as code (no "PersonalizedItem")', () => {
    render(<Form presence={ORDER_FIELDS} withCountryCode />);
    const words = [...document.querySelectorAll('[placeholder]')].map((e) => e.getAttribute('placeholder')!);
    words.push(...[...document.querySelectorAll('datalist option')].map((o) => o.getAttribute('value')!));
    expect(byLabel('Interests')).toHaveAttribute('placeholder', 'Gadgets, books, a personalised gift');
    for (const word of words) expect(word, word).not.toMatch(/[a-z][A-Z]/);
  });

  it('shows only the fields asked for, in the order asked', () => {
    render(<Form presence={OCCASION_FIELDS} fields={['date', 'gender', 'recipientName']} />);
    const names = [...screen.getByRole('form').querySelectorAll('[name]')].map((e) => e.getAttribute('name'));
    expect(names).toEqual(['date', 'gender', 'recipientName']);
  });

  it('reports each change as the one field that changed, the default option as chosen', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Form presence={ORDER_FIELDS} withCountryCode onChange={onChange} />);
    await user.type(byLabel('Recipient Name'), 'Al');
    expect(onChange).toHaveBeenLastCalledWith({ recipientName: 'Al' });
    expect(byLabel('Recipient Name')).toHaveValue('Al');
    await user.selectOptions(byLabel('Default Option'), 'Cake');
    expect(onChange).toHaveBeenLastCalledWith({ defaultOption: 'Cake' });
    await user.type(screen.getByLabelText('Country code'), '+4');
    expect(onChange).toHaveBeenLastCalledWith({ countryCode: '+4' });
    await user.type(byLabel('Phone Number'), '5');
    expect(onChange).toHaveBeenLastCalledWith({ phoneNumber: '5' });
  });

  it('offers the country code box only when asked, and the phone hint either way', () => {
    const { unmount } = render(<Form presence={OCCASION_FIELDS} />);
    expect(screen.queryByLabelText('Country code')).toBeNull();
    expect(byLabel('Phone Number')).toHaveAccessibleDescription(HINT);
    unmount();
    render(<Form presence={ORDER_FIELDS} withCountryCode />);
    expect(screen.getByLabelText('Country code')).toHaveAttribute('placeholder', '+1');
    expect(byLabel('Phone Number')).toHaveAccessibleDescription(HINT);
  });

  it('offers occasion suggestions, and dates from minDate', () => {
    render(<Form presence={OCCASION_FIELDS} />);
    const options = (id: string) => [...document.getElementById(id)!.querySelectorAll('option')].map((o) => o.value);
    expect(options(byLabel('Occasion').getAttribute('list')!)).toEqual(['Christmas', 'Birthday', 'Anniversary']);
    expect(byLabel('Date')).toHaveAttribute('min', '2030-01-01');
  });
});

describe('RecipientFields: the phone number', () => {
  const phone = () => byLabel('Phone Number') as HTMLInputElement;
  const countryBox = () => screen.getByLabelText('Country code') as HTMLInputElement;
  /** Pastes into the phone field as a person does: click into it, paste, and leave it. */
  async function paste(text: string, into = phone()) {
    const user = userEvent.setup();
    await user.click(into);
    await user.paste(text);
    await user.tab();
    return user;
  }

  it.each([
    ['(555) 123-4567', ''],
    ['555.123.4567', ''],
    ['555 123 4567', ''],
    ['+1 555 123 4567', '+1'],
    ['1-555-123-4567', '+1'],
  ])('keeps every digit of %j pasted, sends the 10 digits, and the code to the country box', async (text, code) => {
    const onChange = vi.fn();
    render(<Form presence={ORDER_FIELDS} withCountryCode onChange={onChange} />);
    await paste(text);
    expect(phone()).toHaveValue(text);
    expect(onChange).toHaveBeenCalledWith({ phoneNumber: '5551234567', ...(code && { countryCode: code }) });
    expect(countryBox()).toHaveValue(code);
    expect(phone()).toBeValid();
    expect(phone()).toHaveAccessibleDescription('Saved as 5551234567.');
  });

  it("puts another country's code in the box and its number in the field, from either", async () => {
    const onChange = vi.fn();
    render(<Form presence={ORDER_FIELDS} withCountryCode onChange={onChange} />);
    await paste('+44 (0)20 7946 0958');
    expect(countryBox()).toHaveValue('+44');
    expect(onChange).toHaveBeenCalledWith({ phoneNumber: '2079460958', countryCode: '+44' });
    // A whole number pasted into the country box: the code stays there, the digits go to the number.
    await userEvent.setup().clear(countryBox());
    await paste('+353 123 456 7890', countryBox());
    expect(countryBox()).toHaveValue('+353');
    expect(phone()).toHaveValue('+353 123 456 7890');
    expect(onChange).toHaveBeenLastCalledWith({ phoneNumber: '1234567890', countryCode: '+353' });
  });

  it.each([
    ['555 123 456', 'A phone number needs 10 digits (this one has 9)'],
    ['(555) 123-45678', 'A phone number needs 10 digits (this one has 11)'],
    ['555-CALL-NOW', 'A phone number has only digits, spaces, dashes, dots and brackets'],
  ])('says beside the field why %j cannot be kept, once left, and the form will not send it', async (text, message) => {
    render(<Form presence={ORDER_FIELDS} withCountryCode />);
    const user = userEvent.setup();
    await user.click(phone());
    await user.paste(text);
    // Not while it is being typed.
    expect(screen.queryByText(message)).toBeNull();
    await user.tab();
    expect(phone()).toHaveValue(text);
    expect(phone()).toBeInvalid();
    expect(phone().validationMessage).toBe(message);
    expect(phone()).toHaveAccessibleDescription(`${message} ${HINT}`);
    expect(screen.getByRole('form')).toBeInvalid();
  });

  it('keeps no country code but +1 where the form has no country box, and says so', async () => {
    render(<Form presence={OCCASION_FIELDS} />);
    await paste('+44 20 7946 0958');
    const message = 'The country code +44 cannot be kept here: enter the 10-digit number without it';
    expect(phone()).toHaveAccessibleDescription(`${message} Saved as 2079460958.`);
    expect(phone()).toBeInvalid();
    await userEvent.setup().clear(phone());
    await paste('+1 555 123 4567');
    expect(phone()).toBeValid();
  });

  it("says beside the country box when its code is no country's calling code", async () => {
    render(<Form presence={ORDER_FIELDS} withCountryCode />);
    await paste('+999', countryBox());
    expect(await screen.findByText(CALLING_CODE_MESSAGE)).toBeInTheDocument();
    expect(countryBox()).toHaveAccessibleDescription(CALLING_CODE_MESSAGE);
    expect(countryBox()).toBeInvalid();
    await userEvent.setup().clear(countryBox());
    await paste('+44', countryBox());
    await waitFor(() => expect(countryBox()).toBeValid());
    expect(screen.queryByText(CALLING_CODE_MESSAGE)).toBeNull();
  });

  it('shows a number the form is given (prefilled, then cleared) in place of what was typed', () => {
    const { rerender } = render(
      <RecipientFields
        fields={['phoneNumber']}
        presence={OCCASION_FIELDS}
        values={EMPTY_RECIPIENT}
        onChange={vi.fn()}
      />,
    );
    const withPhone = (phoneNumber: string) => (
      <RecipientFields
        fields={['phoneNumber']}
        presence={OCCASION_FIELDS}
        values={{ ...EMPTY_RECIPIENT, phoneNumber }}
        onChange={vi.fn()}
      />
    );
    rerender(withPhone('5559876543'));
    expect(phone()).toHaveValue('5559876543');
    rerender(withPhone(''));
    expect(phone()).toHaveValue('');
  });
});
