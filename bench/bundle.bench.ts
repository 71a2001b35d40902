import path from 'node:path';

import { FIRST_LOAD_BUDGET_KB, firstLoadFiles, totalKb, type AssetKind } from '../scripts/firstLoad';
import { THIS_BUILD, type Build } from './builds';
import type { BenchSection } from './lib';

export const comparesBuilds = true;

/**
 * What the first visit downloads before any screen chunk: the JS and CSS that dist/index.html names
 * (entry, modulepreloads, stylesheet), raw and gzip, beside the budgets that tests/e2e/budget.spec.ts enforces.
 * Needs `npm run build` first.
 */
export default async function bundle(build: Build = THIS_BUILD): Promise<BenchSection> {
  const files = firstLoadFiles(path.join(build.root, 'dist'));
  const line = (kind: AssetKind, name: string) => {
    const gzip = totalKb(files, kind);
    const goal = FIRST_LOAD_BUDGET_KB[kind];
    return (
      `| ${name} | ${files.filter((f) => f.kind === kind).length} | ${totalKb(files, kind, 'raw').toFixed(1)} | ` +
      `${gzip.toFixed(1)} | ≤ ${goal} | ${gzip <= goal ? '✓' : '✗ over goal'} |`
    );
  };
  const markdown = [
    '| initial load | files | raw kB | gzip kB | goal, gzip kB | |',
    '|---|---:|---:|---:|---|---|',
    line('js', 'JavaScript'),
    line('css', 'CSS'),
  ].join('\n');
  const bytes = (kind: AssetKind, key: 'raw' | 'gzip') => Math.round(totalKb(files, kind, key) * 1024);
  const headline = (kind: AssetKind, figure: string) => ({
    figure,
    shown: `${totalKb(files, kind).toFixed(1)} kB`,
    goal: `≤ ${FIRST_LOAD_BUDGET_KB[kind]} kB`,
    met: totalKb(files, kind) <= FIRST_LOAD_BUDGET_KB[kind],
  });
  return {
    title: 'Initial JS and CSS (dist/index.html)',
    markdown,
    headlines: [headline('js', 'initial JS for / (gzip)'), headline('css', 'initial CSS for / (gzip)')],
    data: {
      rows: files,
      js: { raw: bytes('js', 'raw'), gzip: bytes('js', 'gzip') },
      css: { raw: bytes('css', 'raw'), gzip: bytes('css', 'gzip') },
    },
  };
}
