import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

import type { BenchSection } from './lib';

/**
 * What the first visit downloads before any screen chunk: the JS and CSS that dist/index.html names
 * (entry, modulepreloads, stylesheet), raw and gzip. Needs `npm run build` first.
 */
/** The first visit's budgets (gzip kB): React, react-dom and the router's data mode alone are about 95 kB. */
const GOAL_GZIP_KB = { js: 105, css: 16 };

export default async function bundle(): Promise<BenchSection> {
  const html = fs.readFileSync('dist/index.html', 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/static\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const rows = files.map((file) => {
    const data = fs.readFileSync(path.join('dist', file));
    return {
      file,
      kind: file.endsWith('.css') ? 'css' : 'js',
      raw: data.length,
      gzip: zlib.gzipSync(data, { level: 9 }).length,
    };
  });
  const total = (kind: string, key: 'raw' | 'gzip') =>
    rows.filter((r) => r.kind === kind).reduce((sum, r) => sum + r[key], 0);
  const kb = (n: number) => (n / 1024).toFixed(1);
  const line = (kind: 'js' | 'css', name: string) => {
    const gzip = total(kind, 'gzip') / 1024;
    const goal = GOAL_GZIP_KB[kind];
    return (
      `| ${name} | ${rows.filter((r) => r.kind === kind).length} | ${kb(total(kind, 'raw'))} | ${gzip.toFixed(1)} | ` +
      `≤ ${goal} | ${gzip <= goal ? '✓' : '✗ over goal'} |`
    );
  };
  const markdown = [
    '| initial load | files | raw kB | gzip kB | goal, gzip kB | |',
    '|---|---:|---:|---:|---|---|',
    line('js', 'JavaScript'),
    line('css', 'CSS'),
  ].join('\n');
  return {
    title: 'Initial JS and CSS (dist/index.html)',
    markdown,
    data: {
      rows,
      js: { raw: total('js', 'raw'), gzip: total('js', 'gzip') },
      css: { raw: total('css', 'raw'), gzip: total('css', 'gzip') },
    },
  };
}
