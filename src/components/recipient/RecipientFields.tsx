import './RecipientFields.css';

import { useId, type ComponentProps } from 'react';
import Col from 'react-bootstrap/Col';
import type Form from 'react-bootstrap/Form';

import { INTEREST_EXAMPLES, OCCASION_EXAMPLES } from '#contract/giftOptions';
import { RECIPIENT_FIELDS, type FieldPresences, type RecipientField } from '#contract/recipientFields';
import { TextField } from '@/components/TextField';

import { GenderSelect } from './GenderSelect';
import { PhoneField } from './PhoneField';
import { BudgetInput, DefaultOptionSelect, Marked, Suggestions } from './recipientInputs';
import type { RecipientValues } from './recipientValues';

type TextInputLook = Omit<ComponentProps<typeof Form.Control>, 'value' | 'onChange' | 'id'> & {
  suggestions?: readonly string[];
};

/** How each text field's input looks and helps, beyond its label and the contract's limits. */
const TEXT_INPUTS: Record<
  Exclude<RecipientField, 'phoneNumber' | 'budget' | 'defaultOption' | 'gender'>,
  TextInputLook
> = {
  recipientName: { autoComplete: 'off' },
  relationship: { placeholder: 'Sister, Friend, Partner…' },
  occasion: { placeholder: 'Christmas, Birthday or Anniversary', suggestions: OCCASION_EXAMPLES },
  address: { autoComplete: 'off' },
  email: { type: 'email', autoComplete: 'off' },
  interests: { placeholder: 'Gadgets, books, a personalised gift', suggestions: INTEREST_EXAMPLES },
  comments: { as: 'textarea', rows: 2, placeholder: 'Anything we should know: colours, sizes, allergies…' },
  date: { type: 'date' },
};

/** Fields that take the whole row; the others take half of it from the small breakpoint up. */
const FULL_WIDTH: ReadonlySet<RecipientField> = new Set(['address', 'comments']);

/** One field's new value (the form keeps the others). */
export type RecipientChange = Partial<RecipientValues & { countryCode: string }>;
type TextKey = Exclude<keyof RecipientChange, 'defaultOption'>;

interface Props {
  /** Which fields to show, in this order, each in its column: render inside a react-bootstrap <Row>. */
  fields: readonly RecipientField[];
  /** What the form asks of each field (ORDER_FIELDS, OCCASION_FIELDS): it sets the required flag and the `*`, together. */
  presence: FieldPresences;
  values: RecipientValues & { countryCode?: string };
  onChange: (change: RecipientChange) => void;
  /** The earliest day the date picker offers. */
  minDate?: string;
  /** A line under the date saying why it starts there (or why the chosen day is too soon). */
  dateHelp?: string;
  /** The chosen date is before `minDate`: marked invalid, with `dateHelp` saying why. */
  dateTooSoon?: boolean;
  /** Puts the form-only country code box (values.countryCode) in front of the phone number: the order form's. */
  withCountryCode?: boolean;
}

/** The date input's first day, its line saying why, and its invalid state (also told to screen readers). */
function dateInput(min: string | undefined, help: string | undefined, tooSoon: boolean | undefined) {
  return {
    min,
    help: help && <span className={tooSoon ? 'text-danger-emphasis' : undefined}>{help}</span>,
    isInvalid: tooSoon,
    'aria-invalid': tooSoon || undefined,
  };
}

/**
 * The fields that say who a gift is for, what for, when and what they like, for every form that asks them (the
 * order form, the occasion form): labels, limits and which are required come from the contract
 * (contract/recipientFields.ts), so the browser checks what the server will; names are the API's field names.
 */
export function RecipientFields({
  fields,
  presence,
  values,
  onChange,
  minDate,
  dateHelp,
  dateTooSoon,
  withCountryCode,
}: Props) {
  const formId = useId();
  const set = (field: TextKey) => (value: string) => {
    const change: RecipientChange = {};
    change[field] = value;
    onChange(change);
  };

  return fields.map((field) => {
    const id = `${formId}-${field}`;
    const { label } = RECIPIENT_FIELDS[field];
    const required = presence[field] === 'required';
    const marked = required ? <Marked>{label}</Marked> : label;
    let input;
    if (field === 'defaultOption') {
      input = (
        <DefaultOptionSelect
          id={id}
          label={marked}
          value={values.defaultOption}
          onChange={(defaultOption) => onChange({ defaultOption })}
        />
      );
    } else if (field === 'phoneNumber') {
      const code = withCountryCode ? { value: values.countryCode ?? '', onChange: set('countryCode') } : undefined;
      input = (
        <PhoneField
          id={id}
          label={marked}
          required={required}
          value={values.phoneNumber}
          onChange={(phoneNumber, countryCode) =>
            onChange(countryCode ? { phoneNumber, countryCode } : { phoneNumber })
          }
          countryCode={code}
        />
      );
    } else if (field === 'gender') {
      input = (
        <GenderSelect id={id} label={marked} required={required} value={values.gender} onChange={set('gender')} />
      );
    } else if (field === 'budget') {
      input = <BudgetInput id={id} label={marked} required={required} value={values.budget} onChange={set('budget')} />;
    } else {
      const { suggestions, ...look } = TEXT_INPUTS[field];
      const { label: _shown, ...limits } = RECIPIENT_FIELDS[field];
      input = (
        <>
          <TextField
            id={id}
            groupClassName=""
            label={marked}
            name={field}
            value={values[field]}
            onChange={set(field)}
            required={required}
            {...limits}
            {...look}
            {...(field === 'date' ? dateInput(minDate, dateHelp, dateTooSoon) : {})}
            list={suggestions && `${id}-suggestions`}
          />
          {suggestions && <Suggestions id={`${id}-suggestions`} options={suggestions} />}
        </>
      );
    }
    return (
      <Col key={field} {...(FULL_WIDTH.has(field) ? { xs: 12 } : { sm: 6 })}>
        {input}
      </Col>
    );
  });
}
