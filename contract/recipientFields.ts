import { BUDGET_MAX_LENGTH, BUDGET_PATTERN, EMAIL_MAX_LENGTH, PHONE_LENGTH, PHONE_PATTERN } from './limits';

interface FieldRule {
  /** The label the forms show; the schema's messages use it in sentence case ("Recipient name is required"). */
  label: string;
  minLength?: number;
  maxLength?: number;
  /** The whole value must match it (the browser's pattern attribute; the schema anchors it with ^ and $). */
  pattern?: string;
}

/**
 * The fields that say who a gift is for, what for, when and what they like, shared by the order and the occasion
 * (and next by the person): each one's label as the forms show it and the limits the browser checks. The schemas
 * (recipientSchema.ts) are built from the same entries, so a limit changes here or nowhere. Free of zod, so the
 * form screens stay small.
 */
export const RECIPIENT_FIELDS = {
  recipientName: { label: 'Recipient Name', maxLength: 100 },
  relationship: { label: 'Relationship', maxLength: 60 },
  occasion: { label: 'Occasion', maxLength: 60 },
  gender: { label: 'Gender' },
  address: { label: 'Address', maxLength: 300 },
  phoneNumber: { label: 'Phone Number', minLength: PHONE_LENGTH, maxLength: PHONE_LENGTH, pattern: PHONE_PATTERN },
  email: { label: 'Email', maxLength: EMAIL_MAX_LENGTH },
  interests: { label: 'Interests', maxLength: 200 },
  budget: { label: 'Budget', maxLength: BUDGET_MAX_LENGTH, pattern: BUDGET_PATTERN },
  defaultOption: { label: 'Default Option' },
  comments: { label: 'Comments', maxLength: 1000 },
  date: { label: 'Date' },
} as const satisfies Record<string, FieldRule>;

export type RecipientField = keyof typeof RECIPIENT_FIELDS;

/**
 * What a form asks of a field: `required` (the browser and the server refuse it blank, and its label carries the
 * `*` mark) or `optional` (no mark; left blank it is ''). The mark follows the requirement, so a label never
 * promises a rule the server does not keep.
 */
export type FieldPresence = 'required' | 'optional';

/**
 * Each form's fields with their presence, in the order its schema lists them (which decides which problem a
 * refusal names first). The schema of orders.ts and occasions.ts and the forms' `*` marks both read these.
 */
export const ORDER_FIELDS = {
  recipientName: 'required',
  relationship: 'required',
  occasion: 'required',
  gender: 'optional',
  address: 'required',
  phoneNumber: 'required',
  email: 'required',
  interests: 'required',
  budget: 'required',
  defaultOption: 'optional',
  comments: 'optional',
  date: 'required',
} as const satisfies Record<RecipientField, FieldPresence>;

/** An occasion needs only who, what and when; the gift preferences prefill an order placed for it. */
export const OCCASION_FIELDS = {
  recipientName: 'required',
  relationship: 'required',
  occasion: 'required',
  date: 'required',
  gender: 'optional',
  address: 'optional',
  phoneNumber: 'optional',
  email: 'optional',
  interests: 'optional',
  budget: 'optional',
  defaultOption: 'optional',
  comments: 'optional',
} as const satisfies Record<RecipientField, FieldPresence>;

export type FieldPresences = { readonly [K in RecipientField]?: FieldPresence };
