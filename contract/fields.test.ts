import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { acceptingEchoes, requiredText, text, wholeNumber } from './fields';

describe('text fields', () => {
  it('trims and bounds free text', () => {
    expect(text('Comments', 5).parse('  hi  ')).toBe('hi');
    expect(text('Comments', 5).safeParse('too long').error?.issues[0].message).toBe(
      'Comments must be at most 5 characters',
    );
    expect(requiredText('Name', 5).safeParse('   ').error?.issues[0].message).toBe('Name is required');
  });

  it('refuses NUL, which PostgreSQL text cannot store (found by the fuzz test as a 500)', () => {
    expect(text('Details', 50).safeParse('a\u0000b').error?.issues[0].message).toBe(
      'Details must not contain NUL characters',
    );
    expect(requiredText('Name', 50).safeParse('\u0000').success).toBe(false);
    expect(text('Details', 50).parse('tab\tand\u0001control')).toBe('tab\tand\u0001control');
  });
});

describe('wholeNumber', () => {
  const month = wholeNumber('Month', { min: 1, max: 12 });
  const messageFor = (value: unknown) => month.safeParse(value).error?.issues[0].message;

  it('takes a JSON number or the same written in plain digits, as a <select> sends it', () => {
    expect(month.parse(12)).toBe(12);
    expect(month.parse('12')).toBe(12);
    expect(month.parse('07')).toBe(7);
    expect(wholeNumber('Year').parse('2028')).toBe(2028);
  });

  it.each([['12abc'], [''], ['1e1'], [' 12'], ['12 '], ['12.0'], ['-1'], ['+1'], ['0x1f'], ['１２'], ['1234567890']])(
    'refuses %j, which is not plain digits',
    (value) => {
      expect(messageFor(value)).toBe('Month must be a whole number from 1 to 12');
    },
  );

  it('refuses fractions, values out of range and other types with the same message', () => {
    for (const value of [12.5, 0, 13, '0', '13', NaN, Infinity, null, true, [], {}]) {
      expect(messageFor(value), JSON.stringify(value)).toBe('Month must be a whole number from 1 to 12');
    }
    expect(wholeNumber('Year').safeParse('20x8').error?.issues[0].message).toBe('Year must be a whole number');
  });
});

describe('acceptingEchoes', () => {
  const editable = z.strictObject({ name: z.string() });
  const answer = z.object({ id: z.string(), name: z.string(), count: z.number(), secret: z.string() });
  const schema = acceptingEchoes(editable, answer, { secret: z.literal('same').optional() });

  it("accepts the answer's read-only fields sent back, with their answered types", () => {
    expect(schema.parse({ name: 'a', id: 'x', count: 3, secret: 'same' })).toEqual({
      name: 'a',
      id: 'x',
      count: 3,
      secret: 'same',
    });
    expect(schema.parse({ name: 'a' })).toEqual({ name: 'a' });
    expect(schema.safeParse({ name: 'a', count: 'three' }).success).toBe(false);
  });

  it('gives a read-only field its own rule when one is given', () => {
    expect(schema.safeParse({ name: 'a', secret: 'other' }).success).toBe(false);
  });

  it('still refuses keys that neither schema knows, naming them', () => {
    expect(schema.safeParse({ name: 'a', extra: 1 }).error?.issues[0].message).toBe('Unrecognized key: "extra"');
  });
});
