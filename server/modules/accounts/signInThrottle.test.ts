import { describe, expect, it } from 'vitest';

import { waitInWords } from './signInThrottle';

describe('waitInWords', () => {
  it('says the wait in whole seconds under a minute, then in whole minutes rounded up', () => {
    expect(waitInWords(1)).toBe('Try again in 1 second.');
    expect(waitInWords(59)).toBe('Try again in 59 seconds.');
    expect(waitInWords(60)).toBe('Try again in 1 minute.');
    expect(waitInWords(61)).toBe('Try again in 2 minutes.');
    expect(waitInWords(900)).toBe('Try again in 15 minutes.');
  });
});
