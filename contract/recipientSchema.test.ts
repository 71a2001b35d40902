import { describe, expect, it } from 'vitest';

import { occasionFields } from './occasions';
import { giftOrderFields } from './orders';
import { OCCASION_FIELDS, ORDER_FIELDS, RECIPIENT_FIELDS, type RecipientField } from './recipientFields';

/** A value every rule of the field takes. */
const VALID: Record<RecipientField, string> = {
  recipientName: 'Ann',
  relationship: 'Sister',
  occasion: 'Birthday',
  gender: 'Female',
  address: '1 Pine St',
  phoneNumber: '5551234567',
  email: 'ann@example.com',
  interests: 'Books',
  budget: '50',
  defaultOption: 'Cake',
  comments: 'Blue',
  date: '2031-05-10',
};
const FREE_TEXT = ['recipientName', 'relationship', 'occasion', 'address', 'interests', 'comments'] as const;

const schemas = [
  ['order', giftOrderFields, ORDER_FIELDS],
  ['occasion', occasionFields, OCCASION_FIELDS],
] as const;

const problems = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe.each(schemas)('the %s schema follows recipientFields.ts', (_name, schema, presence) => {
  it('lists the fields in the presence map, in its order', () => {
    const shape = Object.keys(schema.shape).filter((key) => key in RECIPIENT_FIELDS);
    expect(shape).toEqual(Object.keys(presence));
  });

  it('refuses a blank field exactly where the presence map says required', () => {
    for (const [field, is] of Object.entries(presence)) {
      const blank = schema.safeParse({ ...VALID, [field]: '' });
      expect(blank.success, `${field} left blank`).toBe(is !== 'required' && field !== 'defaultOption');
      const absent = schema.safeParse({ ...VALID, [field]: undefined });
      expect(absent.success, `${field} left out`).toBe(is !== 'required');
    }
  });

  it("takes each free text up to the field's maxLength and names it, in sentence case, past it", () => {
    for (const field of FREE_TEXT) {
      const { label, maxLength } = RECIPIENT_FIELDS[field];
      expect(schema.safeParse({ ...VALID, [field]: 'x'.repeat(maxLength) }).success, field).toBe(true);
      const sentence = label[0] + label.slice(1).toLowerCase();
      expect(problems(schema.safeParse({ ...VALID, [field]: 'x'.repeat(maxLength + 1) }))).toEqual([
        `${sentence} must be at most ${maxLength} characters`,
      ]);
    }
  });

  it('checks the phone number and the budget by their patterns and lengths', () => {
    const { phoneNumber, budget, email } = RECIPIENT_FIELDS;
    expect(schema.safeParse({ ...VALID, phoneNumber: '5'.repeat(phoneNumber.maxLength - 1) }).success).toBe(false);
    expect(schema.safeParse({ ...VALID, phoneNumber: '555-123-45' }).success).toBe(false);
    const longestBudget = `$${'9'.repeat(9)}.99`;
    expect(longestBudget).toHaveLength(budget.maxLength);
    expect(schema.safeParse({ ...VALID, budget: longestBudget }).success).toBe(true);
    expect(schema.safeParse({ ...VALID, budget: `$${'9'.repeat(10)}` }).success).toBe(false);
    const longestEmail = `${'a'.repeat(email.maxLength - '@example.com'.length)}@example.com`;
    expect(schema.safeParse({ ...VALID, email: longestEmail }).success).toBe(true);
    expect(schema.safeParse({ ...VALID, email: `a${longestEmail}` }).success).toBe(false);
  });
});
