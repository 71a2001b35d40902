import { describe, expect, it } from 'vitest';
import { requiredText, text } from './fields';

describe('text fields', () => {
  it('trims and bounds free text', () => {
    expect(text('Comments', 5).parse('  hi  ')).toBe('hi');
    expect(text('Comments', 5).safeParse('too long').error?.issues[0].message).toBe('Comments must be at most 5 characters');
    expect(requiredText('Name', 5).safeParse('   ').error?.issues[0].message).toBe('Name is required');
  });

  it('refuses NUL, which PostgreSQL text cannot store (found by the fuzz test as a 500)', () => {
    expect(text('Details', 50).safeParse('a\u0000b').error?.issues[0].message).toBe('Details must not contain NUL characters');
    expect(requiredText('Name', 50).safeParse('\u0000').success).toBe(false);
    expect(text('Details', 50).parse('tab\tand\u0001control')).toBe('tab\tand\u0001control');
  });
});
