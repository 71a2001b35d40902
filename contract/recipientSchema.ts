import { z } from 'zod';

import { budgetField, dateField, emailField, phoneField, requiredText, text } from './fields';
import { DEFAULT_OPTIONS, GENDERS } from './giftOptions';
import { RECIPIENT_FIELDS, type FieldPresences, type RecipientField } from './recipientFields';

/** The fields that take free text; the others have rules of their own (fields.ts, giftOptions.ts). */
type FreeTextField = 'recipientName' | 'relationship' | 'occasion' | 'address' | 'interests' | 'comments';

/** The label as a refusal names it: "Recipient name is required". */
function inSentence(field: FreeTextField): string {
  const { label } = RECIPIENT_FIELDS[field];
  return label[0] + label.slice(1).toLowerCase();
}
const filledText = (field: FreeTextField) => requiredText(inSentence(field), RECIPIENT_FIELDS[field].maxLength);
const blankableText = (field: FreeTextField) => text(inSentence(field), RECIPIENT_FIELDS[field].maxLength).default('');
/** The rule, or '' (also when left out). */
const orBlank = <S extends z.ZodType<string>>(rule: S) => z.union([z.literal(''), rule]).default('');

/** Each field's schema where a form requires it. */
const REQUIRED = {
  recipientName: () => filledText('recipientName'),
  relationship: () => filledText('relationship'),
  occasion: () => filledText('occasion'),
  gender: () => z.enum(GENDERS),
  address: () => filledText('address'),
  phoneNumber: () => phoneField,
  email: () => emailField,
  interests: () => filledText('interests'),
  budget: () => budgetField,
  defaultOption: () => z.enum(DEFAULT_OPTIONS),
  comments: () => filledText('comments'),
  date: () => dateField,
} satisfies Record<RecipientField, () => z.ZodType>;

/** Each field's schema where a form lets it be left blank: '' when left out (the default option: None). */
const BLANKABLE = {
  recipientName: () => blankableText('recipientName'),
  relationship: () => blankableText('relationship'),
  occasion: () => blankableText('occasion'),
  gender: () => orBlank(z.enum(GENDERS)),
  address: () => blankableText('address'),
  phoneNumber: () => orBlank(phoneField),
  email: () => orBlank(emailField),
  interests: () => blankableText('interests'),
  budget: () => orBlank(budgetField),
  defaultOption: () => z.enum(DEFAULT_OPTIONS).default('None'),
  comments: () => blankableText('comments'),
  date: () => orBlank(dateField),
} satisfies Record<RecipientField, () => z.ZodType>;

export type RecipientShape<P extends FieldPresences> = {
  -readonly [K in keyof P & RecipientField]: P[K] extends 'required'
    ? ReturnType<(typeof REQUIRED)[K]>
    : ReturnType<(typeof BLANKABLE)[K]>;
};

/**
 * The zod shape of a form's recipient fields (ORDER_FIELDS, OCCASION_FIELDS of recipientFields.ts), in the
 * order the presence map lists them: required fields refuse a blank, optional ones take it.
 */
export function recipientShape<const P extends FieldPresences>(presence: P): RecipientShape<P> {
  const entries = Object.entries(presence).map(([field, is]) => {
    const rules = is === 'required' ? REQUIRED : BLANKABLE;
    return [field, rules[field as RecipientField]()];
  });
  return Object.fromEntries(entries) as RecipientShape<P>;
}
