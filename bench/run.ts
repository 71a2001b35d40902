import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { BenchSection } from './lib';

/**
 * npm run bench: runs every bench/*.bench.ts suite in turn (or those named on the command line)
 * and writes bench/results.md and bench/results.json. Figures are only comparable within one run.
 */
const only = process.argv.slice(2);
const suites = fs
  .readdirSync('bench')
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((name) => f.includes(name)))
  .sort();

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const sections: BenchSection[] = [];
for (const file of suites) {
  console.info(`\n▶ ${file}`);
  const suite = (await import(path.resolve('bench', file))) as { default: () => Promise<BenchSection> };
  const section = await suite.default();
  console.info(section.markdown);
  sections.push(section);
}

const date = new Date().toISOString();
const markdown = [
  '# Benchmark results',
  '',
  `Run ${date} on ${machine}. Shared, noisy machines: compare ratios within this run, not absolute figures across runs.`,
  ...sections.flatMap((s) => ['', `## ${s.title}`, '', s.markdown]),
  '',
].join('\n');
fs.writeFileSync('bench/results.md', markdown);
fs.writeFileSync(
  'bench/results.json',
  JSON.stringify({ date, machine, sections: sections.map(({ title, data }) => ({ title, data })) }, null, 2),
);
console.info('\nwrote bench/results.md and bench/results.json');
