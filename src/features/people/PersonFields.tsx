import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';

import { BIRTH_YEAR_MIN, PERSON_TEXT_MAX } from '#contract/personLimits';
import { OCCASION_FIELDS, RECIPIENT_FIELDS, type FieldPresences, type RecipientField } from '#contract/recipientFields';
import { RecipientFields, type RecipientChange } from '@/components/recipient/RecipientFields';
import { Marked } from '@/components/recipient/recipientInputs';
import { EMPTY_RECIPIENT } from '@/components/recipient/recipientValues';
import { TextField } from '@/components/TextField';

import type { PersonFormValues } from './personFormValues';

/** The person's name: required, as long as a recipient's name may be. */
export function NameInput({
  value,
  onChange,
  autoFocus,
}: {
  value: string;
  onChange: (name: string) => void;
  /** Where the focus goes when the form opens. */
  autoFocus?: boolean;
}) {
  return (
    <TextField
      groupClassName=""
      label={<Marked>Name</Marked>}
      name="name"
      value={value}
      onChange={onChange}
      required
      maxLength={RECIPIENT_FIELDS.recipientName.maxLength}
      autoComplete="off"
      autoFocus={autoFocus}
    />
  );
}

/** A person needs only a name (contract/people.ts): every other field may be left blank. */
export const PERSON_PRESENCE: FieldPresences = { ...OCCASION_FIELDS, relationship: 'optional' };

/** The details an order needs, as the order form asks them (the same component, labels and checks). */
const ORDER_DETAILS: readonly RecipientField[] = [
  'relationship',
  'gender',
  'address',
  'phoneNumber',
  'email',
  'interests',
  'budget',
  'defaultOption',
];

/** The preferences beyond the order form's, each a few lines of text. */
export const PREFERENCES = [
  { field: 'likes', label: 'Likes', placeholder: 'Gardening, jazz, dark chocolate…' },
  { field: 'dislikes', label: 'Dislikes', placeholder: 'Anything scented…' },
  { field: 'sizes', label: 'Sizes', placeholder: 'Shirt M, shoes 39…' },
  { field: 'allergies', label: 'Allergies', placeholder: 'Nuts, lilies…' },
  { field: 'notes', label: 'Notes', placeholder: 'Anything else worth remembering' },
] as const;

/** Every field of a person's details and preferences, for editing them in place (Name required). Render inside a form. */
export function PersonFields({
  values,
  onChange,
}: {
  values: PersonFormValues;
  onChange: (values: PersonFormValues) => void;
}) {
  const set = (change: Partial<PersonFormValues>) => onChange({ ...values, ...change });
  const recipient = { ...EMPTY_RECIPIENT, ...values, recipientName: values.name };
  return (
    <Row className="g-3">
      <Col sm={6}>
        <NameInput value={values.name} onChange={(name) => set({ name })} autoFocus />
      </Col>
      <RecipientFields
        fields={ORDER_DETAILS}
        presence={PERSON_PRESENCE}
        values={recipient}
        onChange={(c: RecipientChange) => set(c as Partial<PersonFormValues>)}
      />
      <Col sm={6}>
        <TextField
          groupClassName=""
          label="Birth year"
          name="birthYear"
          value={values.birthYear}
          onChange={(birthYear) => set({ birthYear })}
          inputMode="numeric"
          pattern="\d{4}"
          title={`A year from ${BIRTH_YEAR_MIN}`}
          placeholder="1956"
          help="Optional: we show the age they turn."
        />
      </Col>
      {PREFERENCES.map(({ field, label, placeholder }) => (
        <Col key={field} xs={12} md={field === 'notes' ? 12 : 6}>
          <TextField
            groupClassName=""
            as="textarea"
            rows={field === 'notes' ? 3 : 2}
            label={label}
            name={field}
            value={values[field]}
            onChange={(value) => set({ [field]: value })}
            maxLength={PERSON_TEXT_MAX[field]}
            placeholder={placeholder}
          />
        </Col>
      ))}
    </Row>
  );
}
