import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { SETTING_LIST, type Setting } from '../server/config/config';

/**
 * `npm run docs:config`: writes docs/configuration.md from the settings table in server/config/config.ts, so the page
 * says what the code does. scripts/configDoc.test.ts fails when the committed page is not what this writes now.
 */
export const CONFIG_DOC = path.resolve(import.meta.dirname, '../docs/configuration.md');

/**
 * The SPA's own build-time settings, read in src/config.ts (VITE_API_URL, which the server reads too, is in the
 * server's table). Vite bakes them into the bundle, so their descriptions live here rather than in the SPA.
 */
export const SPA_SETTINGS: { names: string[]; kind: string; description: string }[] = [
  {
    names: ['VITE_EMAILJS_SERVICE_ID', 'VITE_EMAILJS_TEMPLATE_ID', 'VITE_EMAILJS_PUBLIC_KEY'],
    kind: 'text',
    description:
      'The [EmailJS](https://www.emailjs.com) ids: the contact form and the footer enquiries are also emailed ' +
      'through EmailJS. Empty: they are only stored on the server, where staff read them under /requests.',
  },
];

const cell = (text: string) => text.replace(/\|/g, '\\|');

function row(names: string[], setting: Pick<Setting, 'default' | 'kind' | 'description'>): string {
  const name = names.map((n) => `\`${n}\``).join(', ');
  const unset = setting.default === undefined ? 'unset' : setting.default === '' ? 'empty' : `\`${setting.default}\``;
  return `| ${name} | ${unset} | ${cell(setting.kind)} | ${cell(setting.description)} |`;
}

const TABLE_HEAD = ['| variable | default | takes | what it does |', '|---|---|---|---|'];

export function configurationDoc(): string {
  const groups = new Map<string, string[]>();
  for (const [name, setting] of SETTING_LIST) {
    const rows = groups.get(setting.group) ?? [];
    rows.push(row([name], setting));
    groups.set(setting.group, rows);
  }
  const lines = [
    '# Configuration',
    '',
    '<!-- Written by `npm run docs:config` from the settings table in server/config/config.ts: edit that table, then run',
    'the command; a unit test fails while this page differs from what it writes. -->',
    '',
    'Every setting is optional and read from the process environment: the server reads its own in one place, the',
    'settings table `SETTINGS` in `server/config/config.ts`, and the SPA reads its build-time ones in `src/config.ts`. The',
    'server loads no `.env` file. [`.env.example`](../.env.example) lists every setting with its default, and',
    '`set -a; . ./.env.example; set +a` exports it as it is. An empty value is the same as an unset one (the default),',
    'but for `STATIC_DIR`, where empty means the API only. A value the server cannot use stops it at start with one',
    'line, `Giftwise could not start: Invalid configuration: NAME: why`. [operations.md](operations.md) says which to',
    'set in production.',
  ];
  for (const [group, rows] of groups) lines.push('', `## ${group}`, '', ...TABLE_HEAD, ...rows);
  lines.push(
    '',
    '## The SPA, at build time',
    '',
    'Vite reads these when `npm run build` (or `npm run dev`) runs and writes their values into the bundle; changing',
    'one needs a new build. `VITE_API_URL` is above, since the server reads it too.',
    '',
    ...TABLE_HEAD,
    ...SPA_SETTINGS.map((setting) => row(setting.names, { ...setting, default: '' })),
    '',
  );
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(CONFIG_DOC, configurationDoc());
  console.info(`wrote ${path.relative(process.cwd(), CONFIG_DOC)}`);
}
