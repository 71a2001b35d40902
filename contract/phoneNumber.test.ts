import { describe, expect, it } from 'vitest';

import { readPhone } from './phoneNumber';

describe('readPhone', () => {
  it.each([
    ['5551234567', { digits: '5551234567' }],
    ['(555) 123-4567', { digits: '5551234567' }],
    ['555.123.4567', { digits: '5551234567' }],
    [' 555 123 4567 ', { digits: '5551234567' }],
    ['555/123-4567', { digits: '5551234567' }],
    ['+1 555 123 4567', { digits: '5551234567', callingCode: '1' }],
    ['+1 (555) 123-4567', { digits: '5551234567', callingCode: '1' }],
    ['1-555-123-4567', { digits: '5551234567', callingCode: '1' }],
    ['+44 20 7946 0958', { digits: '2079460958', callingCode: '44' }],
    ['+44 (0)20 7946 0958', { digits: '2079460958', callingCode: '44' }],
    ['+353 123 456 7890', { digits: '1234567890', callingCode: '353' }],
  ])('reads %j as its digits and the code in front', (text, read) => {
    expect(readPhone(text)).toEqual(read);
  });

  it.each([
    ['555 123 456', 'too few digits'],
    ['555 123 45678', 'eleven digits, not a 1 in front'],
    ['+1 555 123 456', 'a code and too few digits'],
    ['+12345 555 123 4567', 'a code longer than three digits'],
    ['555-CALL-NOW', 'letters'],
    ['555 123 4567 ext 8', 'an extension'],
    ['555+123 4567', 'a + inside'],
    ['', 'nothing'],
  ])('refuses %j (%s)', (text) => {
    expect(readPhone(text)).toBeNull();
  });
});
