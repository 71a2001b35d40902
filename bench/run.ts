import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { buildBaseline, removeBaseline, THIS_BUILD, type Build } from './builds';
import type { BenchSection } from './lib';

/**
 * npm run bench [-- --baseline=REV] [suite …]: runs every bench/*.bench.ts suite in turn (or those named) and
 * writes bench/results.md and bench/results.json. With a baseline, the suites that measure a build (they export
 * `comparesBuilds`) run on REV's build too, in the same run, and the summary shows each figure before and after.
 * Figures are only comparable within one run.
 */
interface Suite {
  default: (build: Build) => Promise<BenchSection>;
  comparesBuilds?: boolean;
}

const args = process.argv.slice(2);
const baselineArg = args.find((a) => a.startsWith('--baseline='));
const only = args.filter((a) => !a.startsWith('--'));
const suites = fs
  .readdirSync('bench')
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((name) => f.includes(name)))
  .sort();

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const baseline = baselineArg ? buildBaseline(baselineArg.slice('--baseline='.length)) : null;
const after: Build = baseline ? { ...THIS_BUILD, label: 'after' } : THIS_BUILD;

const sections: (BenchSection & { build: string })[] = [];
/** Per suite: its headlines on each build it ran on. */
const summary: { before?: BenchSection; after: BenchSection }[] = [];
try {
  for (const file of suites) {
    const suite = (await import(path.resolve('bench', file))) as Suite;
    const builds = baseline && suite.comparesBuilds ? [baseline, after] : [after];
    const results: BenchSection[] = [];
    for (const build of builds) {
      console.info(`\n▶ ${file}${builds.length > 1 ? ` on ${build.label}` : ''}`);
      const section = await suite.default(build);
      console.info(section.markdown);
      // A suite that ran on one build only needs no label.
      sections.push({ ...section, build: builds.length > 1 ? build.label : THIS_BUILD.label });
      results.push(section);
    }
    if (results.some((r) => r.headlines))
      summary.push(results.length > 1 ? { before: results[0], after: results[1] } : { after: results[0] });
  }
} finally {
  if (baseline) removeBaseline();
}

function summaryTable(): string[] {
  if (summary.length === 0) return [];
  const compared = baseline !== null;
  const lines = [
    compared ? `| figure | ${baseline.label} | after | goal | met |` : '| figure | this build | goal | met |',
    compared ? '|---|---:|---:|---|---|' : '|---|---:|---|---|',
  ];
  for (const { before, after: now } of summary) {
    for (const [i, h] of (now.headlines ?? []).entries()) {
      const was = before?.headlines?.[i]?.shown ?? '—';
      lines.push(`| ${h.figure} |${compared ? ` ${was} |` : ''} ${h.shown} | ${h.goal} | ${h.met ? '✓' : '✗'} |`);
    }
  }
  return ['## Summary: each figure beside its goal', '', ...lines];
}

const date = new Date().toISOString();
const markdown = [
  '# Benchmark results',
  '',
  `Run ${date} on ${machine}. Shared, noisy machines: compare ratios within this run, not absolute figures across runs.`,
  `Command: npm run bench --${args.length ? ` ${args.join(' ')}` : ''}`,
  '',
  ...summaryTable(),
  ...sections.flatMap((s) => [
    '',
    `## ${s.title}${s.build === THIS_BUILD.label ? '' : ` — ${s.build}`}`,
    '',
    s.markdown,
  ]),
  '',
].join('\n');
// A run of some suites only goes to results.local.json/.md (ignored by git), so the committed results stay whole.
const out = only.length ? 'bench/results.local' : 'bench/results';
fs.writeFileSync(`${out}.md`, markdown);
fs.writeFileSync(
  `${out}.json`,
  JSON.stringify(
    {
      date,
      machine,
      baseline: baseline?.label ?? null,
      sections: sections.map(({ title, build, data }) => ({ title, build, data })),
    },
    null,
    2,
  ),
);
console.info(`\nwrote ${out}.md and ${out}.json`);
