import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import Row from 'react-bootstrap/Row';
import { describe, expect, it, vi } from 'vitest';

import { orderFields } from '#contract/orders';
import {
  OCCASION_FIELDS,
  ORDER_FIELDS,
  RECIPIENT_FIELDS,
  type FieldPresences,
  type RecipientField,
} from '#contract/recipientFields';

import { RecipientFields, type RecipientChange } from './RecipientFields';
import { EMPTY_RECIPIENT, type RecipientValues } from './recipientValues';

const ALL = Object.keys(RECIPIENT_FIELDS) as RecipientField[];

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
        if (rule.maxLength) expect(control, field).toHaveAttribute('maxLength', String(rule.maxLength));
        if (rule.minLength) expect(control, field).toHaveAttribute('minLength', String(rule.minLength));
        if (rule.pattern) expect(control, field).toHaveAttribute('pattern', rule.pattern);
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
    expect(byLabel('Phone Number')).toHaveAccessibleDescription('Exactly 10 digits.');
    unmount();
    render(<Form presence={ORDER_FIELDS} withCountryCode />);
    expect(screen.getByLabelText('Country code')).toHaveAttribute('placeholder', '+1');
    expect(byLabel('Phone Number')).toHaveAccessibleDescription('Exactly 10 digits.');
  });

  it('offers occasion suggestions, and dates from minDate', () => {
    render(<Form presence={OCCASION_FIELDS} />);
    const options = (id: string) => [...document.getElementById(id)!.querySelectorAll('option')].map((o) => o.value);
    expect(options(byLabel('Occasion').getAttribute('list')!)).toEqual(['Christmas', 'Birthday', 'Anniversary']);
    expect(byLabel('Date')).toHaveAttribute('min', '2030-01-01');
  });
});
