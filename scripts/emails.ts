// npm run emails: writes every customer email, built from sample data (scripts/emailSamples.ts), to
// emails-preview/ (or the folder given): <name>.html and <name>.txt per email, and index.html linking them all with
// their subjects. Open index.html in a browser; switch the system to dark mode to see the dark design.
import fs from 'node:fs';
import path from 'node:path';

import { emailSamples } from './emailSamples';

const outDir = path.resolve(process.argv[2] ?? 'emails-preview');
fs.mkdirSync(outDir, { recursive: true });

const samples = emailSamples();

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const rows: string[] = [];
for (const { name, mail } of samples) {
  fs.writeFileSync(path.join(outDir, `${name}.html`), mail.html ?? '');
  fs.writeFileSync(path.join(outDir, `${name}.txt`), `Subject: ${mail.subject}\n\n${mail.text}\n`);
  rows.push(
    `<tr><td>${escape(mail.subject)}</td><td><a href="${name}.html">${name}.html</a></td>` +
      `<td><a href="${name}.txt">${name}.txt</a></td></tr>`,
  );
}
fs.writeFileSync(
  path.join(outDir, 'index.html'),
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="color-scheme" content="light dark">
<title>Giftwise emails</title><style>body{font-family:system-ui,sans-serif;margin:2rem}td{padding:.3rem 1rem .3rem 0}</style>
</head><body><h1>Giftwise emails (sample data)</h1><table><thead><tr><th>Subject</th><th>HTML</th><th>Text</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table></body></html>\n`,
);
// What one email costs to build once the modules are warm, as in a running server (NODE_ENV=production for its figure).
const ROUNDS = 20;
const started = performance.now();
for (let i = 0; i < ROUNDS; i++) emailSamples();
const ms = (performance.now() - started) / (ROUNDS * samples.length);
console.info(`Wrote ${samples.length} emails to ${outDir}; building one (both parts) takes ${ms.toFixed(1)} ms`);
