import { describe, expect, it } from 'vitest';

import { formatBudget } from './money';

describe('formatBudget', () => {
  it('shows one dollar sign', () => {
    expect(formatBudget('50')).toBe('$50');
    expect(formatBudget('$49.99')).toBe('$49.99');
    expect(formatBudget('$49.99', '$')).toBe('$49.99');
  });

  it('shows a blank budget as N/A (staff screens), or as the text the caller gives (the customer card: $)', () => {
    expect(formatBudget(' ')).toBe('N/A');
    expect(formatBudget('')).toBe('N/A');
    expect(formatBudget('', '$')).toBe('$');
  });
});
