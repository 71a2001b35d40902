import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { SETTING_LIST } from '../server/config/config';
import { CONFIG_DOC, configurationDoc, SPA_SETTINGS } from './configDoc';

const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

const SPA_NAMES = SPA_SETTINGS.flatMap((setting) => setting.names);

/** The `NAME=value` lines of .env.example (comments and blank lines aside), a value's shell quotes taken off. */
function envExample(): Map<string, string> {
  const lines = read('.env.example').split('\n');
  const unquoted = (v: string) => v.replace(/^'(.*)'$/, '$1');
  return new Map(
    lines.flatMap((line) => [...line.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/g)].map(([, k, v]) => [k, unquoted(v)])),
  );
}

describe('docs/configuration.md', () => {
  it('is what npm run docs:config writes from server/config/config.ts now', () => {
    const committed = fs.existsSync(CONFIG_DOC) ? fs.readFileSync(CONFIG_DOC, 'utf8') : '';
    expect(committed, 'docs/configuration.md is out of date: run `npm run docs:config` and commit it').toBe(
      configurationDoc(),
    );
  });

  it('lists every server setting and every build-time setting of the SPA', () => {
    const doc = configurationDoc();
    for (const name of [...SETTING_LIST.map(([name]) => name), ...SPA_NAMES]) expect(doc).toContain(`\`${name}\``);
  });
});

describe('the SPA build-time settings', () => {
  it('are exactly those src/config.ts reads', () => {
    const read_ = [...read('src/config.ts').matchAll(/import\.meta\.env\.(\w+)/g)].map(([, name]) => name);
    // VITE_API_URL is in the server's table: the server reads it too.
    expect(new Set(read_)).toEqual(new Set(['VITE_API_URL', ...SPA_NAMES]));
  });
});

describe('.env.example', () => {
  it('lists every setting with its default, and nothing else', () => {
    const listed = envExample();
    const expected = new Map<string, string>([
      ...SETTING_LIST.map(([name, setting]): [string, string] => [name, setting.default ?? '']),
      ...SPA_NAMES.map((name): [string, string] => [name, '']),
    ]);
    expect(
      Object.fromEntries(listed),
      '.env.example must list every setting of server/config/config.ts and the SPA',
    ).toEqual(Object.fromEntries(expected));
  });
});
