/**
 * The test code's share of the import checks (`npm run lint:deps`): tests may import anything, but no file cycle
 * anywhere, and program code never imports test code. `.dependency-cruiser.mjs` checks the program code.
 */
import code from './.dependency-cruiser.mjs';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    ...code.forbidden.filter((rule) => rule.name === 'no-file-cycle' || rule.name === 'unresolvable'),
    {
      name: 'code-to-test-code',
      severity: 'error',
      comment: 'Program code does not import test code (test files, src/test, tests/).',
      from: { path: '^(src|server|contract|scripts)/', pathNot: code.options.exclude.path },
      to: { path: code.options.exclude.path },
    },
  ],
  options: { ...code.options, exclude: undefined },
};
