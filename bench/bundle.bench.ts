import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

import type { BenchSection } from './lib';

/**
 * What the first visit downloads before any screen chunk: the JS and CSS that dist/index.html names
 * (entry, modulepreloads, stylesheet), raw and gzip. Needs `npm run build` first.
 */
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
  const markdown = [
    '| initial load | files | raw kB | gzip kB |',
    '|---|---:|---:|---:|',
    `| JavaScript | ${rows.filter((r) => r.kind === 'js').length} | ${kb(total('js', 'raw'))} | ${kb(total('js', 'gzip'))} |`,
    `| CSS | ${rows.filter((r) => r.kind === 'css').length} | ${kb(total('css', 'raw'))} | ${kb(total('css', 'gzip'))} |`,
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
