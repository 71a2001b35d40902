import { FIRST_LOAD_BUDGET_KB, firstLoadFiles, totalKb, type AssetKind } from '../scripts/firstLoad';
import type { BenchSection } from './lib';

/**
 * What the first visit downloads before any screen chunk: the JS and CSS that dist/index.html names
 * (entry, modulepreloads, stylesheet), raw and gzip, beside the budgets that tests/e2e/budget.spec.ts enforces.
 * Needs `npm run build` first.
 */
export default async function bundle(): Promise<BenchSection> {
  const files = firstLoadFiles();
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
  return {
    title: 'Initial JS and CSS (dist/index.html)',
    markdown,
    data: {
      rows: files,
      js: { raw: bytes('js', 'raw'), gzip: bytes('js', 'gzip') },
      css: { raw: bytes('css', 'raw'), gzip: bytes('css', 'gzip') },
    },
  };
}
