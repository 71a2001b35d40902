// Compiles the API server for production: server/main.ts and the admin and backup CLIs, with the contract they
// import (#contract/*), bundled into dist/server/ as plain ES modules that node runs directly.
// npm packages stay external (node_modules), so PGlite finds its WebAssembly files as usual.
// The tests bundle the same entry points the same way (tests/support/serverBundle.ts), into a folder of their own.
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
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

/** Bundles the server and its CLIs into `outdir` (main.js, cli/admin.js, cli/backup.js). */
export async function buildServer(outdir = 'dist/server') {
  await build({
    entryPoints: ['server/main.ts', 'server/cli/admin.ts', 'server/cli/backup.ts'],
    outbase: 'server',
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [bundleMigrations],
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await buildServer();
