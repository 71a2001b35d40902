import fs from 'node:fs';

const FOLDER = new URL('./migrations/', import.meta.url);

/**
 * The files of server/db/migrations/, by file name, as they are on disk. The production bundle has no such
 * folder beside it: scripts/build-server.mjs puts a module holding the same texts in this one's place.
 */
export const MIGRATION_SOURCES: Readonly<Record<string, string>> = Object.fromEntries(
  fs
    .readdirSync(FOLDER)
    .sort()
    .map((file) => [file, fs.readFileSync(new URL(file, FOLDER), 'utf8')]),
);
