// Compiles the API server for production: server/main.ts and the admin and backup CLIs, with the contract they
// import (#contract/*), bundled into dist/server/ as plain ES modules that node runs directly.
// npm packages stay external (node_modules), so PGlite finds its WebAssembly files as usual.
import { build } from 'esbuild';

await build({
  entryPoints: ['server/main.ts', 'server/cli/admin.ts', 'server/cli/backup.ts'],
  outbase: 'server',
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
