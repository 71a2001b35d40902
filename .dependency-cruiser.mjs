/**
 * Import boundaries, checked on resolved paths (relative imports, the `@/` alias and `#contract/*` alike) by
 * dependency-cruiser: `npm run lint:deps`, part of `npm run lint`. docs/architecture.md says why each wall stands.
 *
 * This configuration checks the program code; test code (`*.test.ts(x)`, `src/test/`, `tests/`) is left out,
 * because tests may import anything and a test beside its code would tie the folders together.
 * `.dependency-cruiser.tests.mjs` checks the test code for file cycles.
 */

/** Test code: test files beside their code, the SPA's test set-up, and the API, browser and fault tests. */
const TEST_CODE = '(\\.test\\.tsx?$|^src/test/|^tests/)';

/** A file cycle: a module that, through its imports, imports itself (type-only and lazy imports count too). */
const noFileCycle = {
  name: 'no-file-cycle',
  severity: 'error',
  comment: 'A module may not import itself through other modules: split out what both sides need.',
  from: {},
  to: { circular: true },
};

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    noFileCycle,
    {
      name: 'no-folder-cycle',
      severity: 'error',
      comment: 'Folders depend on each other in one direction only (features, server modules, server folders).',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'feature-to-other-feature',
      severity: 'error',
      comment: 'A feature may not import another feature: the app composes them; what both need goes to shared code.',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'feature-to-app',
      severity: 'error',
      comment: 'A feature may not import the app (routes, layouts, guards): the app imports the features.',
      from: { path: '^src/features/' },
      to: { path: '^src/app/' },
    },
    {
      name: 'shared-spa-to-feature-or-app',
      severity: 'error',
      comment: 'Shared SPA code (components, hooks, lib, api, config) may not depend on the app or a feature.',
      from: { path: '^src/(components|hooks|lib|api)/|^src/config\\.ts$' },
      to: { path: '^src/(app|features)/' },
    },
    {
      name: 'server-to-spa',
      severity: 'error',
      comment: 'The server shares only the contract with the SPA.',
      from: { path: '^server/' },
      to: { path: '^src/' },
    },
    {
      name: 'spa-to-server',
      severity: 'error',
      comment: 'The SPA runs in the browser: it shares only the contract with the server.',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-to-build-scripts',
      severity: 'error',
      comment: 'The build scripts build the server; the server does not import them.',
      from: { path: '^server/' },
      to: { path: '^scripts/' },
    },
    {
      name: 'contract-to-either-side',
      severity: 'error',
      comment: 'The contract is shared by both sides, so it imports only itself and npm packages (zod).',
      from: { path: '^contract/' },
      to: { pathNot: '^(contract/|node_modules/)' },
    },
    {
      name: 'unresolvable',
      severity: 'error',
      comment: 'An import that resolves to no file cannot be checked (nor run).',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    exclude: { path: TEST_CODE },
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: they tie the modules together for a reader and for the compiler.
    tsPreCompilationDeps: true,
    // The `@/` alias; `#contract/*` resolves through package.json's `imports`.
    tsConfig: { fileName: 'tsconfig.json' },
    // Packages as Node and TypeScript find them: through their `exports` (vite has no `main` for its types).
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'types', 'default'] },
  },
};
