import { describe, expect, it } from 'vitest';

import { pictureTypeOf, priceCents, priceText } from './proposalLimits';

describe('a proposal price', () => {
  it.each([
    ['49.99', 4999],
    ['49', 4900],
    ['$49.99', 4999],
    ['$ 49.5', 4950],
    [' 0.05 ', 5],
    ['9999999.99', 999999999],
  ])('reads %j as %i cents', (typed, cents) => {
    expect(priceCents(typed)).toBe(cents);
  });

  it.each(['not money', '', '49.999', '-5', '1e3', '49,99', '$', '12345678', '49.'])('refuses %j', (typed) => {
    expect(priceCents(typed)).toBeNull();
  });

  it('is answered with two decimals', () => {
    expect([priceText(4999), priceText(4900), priceText(5), priceText(0)]).toEqual(['49.99', '49.00', '0.05', '0.00']);
  });
});

describe("a picture's type, read from its first bytes", () => {
  const bytes = (...parts: (number[] | string)[]) =>
    Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

  it('knows JPEG, PNG and WebP', () => {
    expect(pictureTypeOf(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(pictureTypeOf(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(pictureTypeOf(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses anything else, whatever it is called: text, GIF, a RIFF that is not WebP, too few bytes', () => {
    expect(pictureTypeOf(bytes('this is text, not a PNG'))).toBeNull();
    expect(pictureTypeOf(bytes('GIF89a'))).toBeNull();
    expect(pictureTypeOf(bytes('RIFF', [1, 2, 3, 4], 'WAVE'))).toBeNull();
    expect(pictureTypeOf(bytes([0x89], 'PN'))).toBeNull();
    expect(pictureTypeOf(new Uint8Array())).toBeNull();
  });
});
