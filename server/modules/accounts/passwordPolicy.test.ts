import { describe, expect, it } from 'vitest';

import { PASSWORD_IS_EMAIL, PASSWORD_ONE_CHARACTER, PASSWORD_TOO_COMMON, weakPasswordProblem } from './passwordPolicy';

const EMAIL = 'ann.lee@example.com';

describe('new password rules', () => {
  it.each([
    ['ann.lee@example.com', PASSWORD_IS_EMAIL],
    [' ANN.Lee@Example.com ', PASSWORD_IS_EMAIL],
    ['aaaaaaaa', PASSWORD_ONE_CHARACTER],
    ['        ', PASSWORD_ONE_CHARACTER],
    ['99999999999', PASSWORD_ONE_CHARACTER],
    ['password', PASSWORD_TOO_COMMON],
    ['Password123', PASSWORD_TOO_COMMON],
    ['p@ssw0rd', PASSWORD_TOO_COMMON],
    ['12345678', PASSWORD_TOO_COMMON],
    ['qwertyuiop', PASSWORD_TOO_COMMON],
    ['iloveyou', PASSWORD_TOO_COMMON],
    ['sunshine', PASSWORD_TOO_COMMON],
    ['ann.lee.1', PASSWORD_TOO_COMMON],
  ])('refuses %j', (password, problem) => {
    expect(weakPasswordProblem(password, EMAIL)).toBe(problem);
  });

  it.each(['correct horse', 'brand new pass', 'kT4#pq9z', 'Strong-Pass-2026', 'violet tractor ocean mango '.repeat(9)])(
    'accepts %j',
    (password) => {
      expect(weakPasswordProblem(password, EMAIL)).toBeNull();
    },
  );

  it('stays quick on the longest password the schema allows', () => {
    const started = performance.now();
    weakPasswordProblem('a1b2'.repeat(64), EMAIL);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
