import { describe, expect, it } from 'vitest';

import { ANY_VERSION, ordersEtag, versionsToMatch } from './ordersEtag';

const V1 = '0b6f2c1e-8d4a-4f3b-9c2d-1a2b3c4d5e6f';
const V2 = 'f0e1d2c3-b4a5-4968-8776-655443322110';

describe('the orders ETag', () => {
  it('is weak and names the version and the closed-orders limit', () => {
    expect(ordersEtag(V1, 400)).toBe(`W/"${V1}.400"`);
  });

  it('reads back the versions of our tags for the same limit, strong or weak, alone or in a list', () => {
    expect(versionsToMatch(ordersEtag(V1, 400), 400)).toBe(V1);
    expect(versionsToMatch(`"${V1}.400"`, 400)).toBe(V1);
    expect(versionsToMatch(`W/"x", ${ordersEtag(V1, 400)}, "${V2}.400"`, 400)).toBe(`${V1},${V2}`);
  });

  it('names nothing for no header, another limit, or tags that are not ours', () => {
    expect(versionsToMatch(undefined, 400)).toBeNull();
    expect(versionsToMatch(ordersEtag(V1, 400), 50)).toBeNull();
    expect(versionsToMatch(`W/"${V1}.4000"`, 400)).toBeNull();
    expect(versionsToMatch(`W/"${V1}"`, 400)).toBeNull();
    expect(versionsToMatch(`W/"x',${V1}.400"`, 400)).toBeNull();
  });

  it('takes `*` as any version: a live session always has a list (RFC 9110)', () => {
    expect(versionsToMatch('*', 400)).toBe(ANY_VERSION);
    expect(versionsToMatch(' * ', 50)).toBe(ANY_VERSION);
  });
});
