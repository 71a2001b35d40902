import { expect, test } from '@playwright/test';

import { FIRST_LOAD_BUDGET_KB, firstLoadFiles, totalKb } from '../../scripts/firstLoad';

// The built SPA's first download stays within its budgets (npm run bench -- bundle shows the figures).
// A change that pulls a screen's code or a library into every page's first load fails here.
test.describe('first-load budget of the built SPA', () => {
  const files = firstLoadFiles();

  test('names an entry script and a stylesheet', () => {
    expect(files.some((f) => f.kind === 'js')).toBe(true);
    expect(files.some((f) => f.kind === 'css')).toBe(true);
  });

  for (const kind of ['js', 'css'] as const) {
    test(`initial ${kind.toUpperCase()} is at most ${FIRST_LOAD_BUDGET_KB[kind]} kB gzip`, () => {
      const detail = files
        .filter((f) => f.kind === kind)
        .map((f) => `${f.file}: ${(f.gzip / 1024).toFixed(1)} kB`)
        .join(', ');
      expect(totalKb(files, kind), detail).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB[kind]);
    });
  }
});
