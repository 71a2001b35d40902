// Compiles the API server for production: server/main.ts and the admin and backup CLIs, with the contract they
// import (#contract/*), bundled into dist/server/ as plain ES modules that node runs directly.
// npm packages stay external (node_modules), so PGlite finds its WebAssembly files as usual.
import fs from 'node:fs';
import { build } from 'esbuild';

const MIGRATIONS_FOLDER = new URL('../server/db/migrations/', import.meta.url);

/**
 * server/db/migrationSources.ts reads the .sql files of the folder beside it, which dist/server does not have:
 * in the bundle its place is taken by a module holding the same texts, so the build carries its migrations.
 */
const bundleMigrations = {
  name: 'bundle-migrations',
  setup(build) {
    build.onLoad({ filter: /[\\/]server[\\/]db[\\/]migrationSources\.ts$/ }, () => {
      const files = fs.readdirSync(MIGRATIONS_FOLDER).sort();
      const sources = Object.fromEntries(files.map((f) => [f, fs.readFileSync(new URL(f, MIGRATIONS_FOLDER), 'utf8')]));
      return {
        contents: `export const MIGRATION_SOURCES = ${JSON.stringify(sources)};`,
        loader: 'js',
      };
    });
  },
};

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
  plugins: [bundleMigrations],
});
