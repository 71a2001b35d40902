import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium';
import { THIS_BUILD, type Build } from './builds';
import { startServer, type BenchSection } from './lib';

export const comparesBuilds = true;

/**
 * Lighthouse (mobile: its default emulated phone, simulated slow 4G and 4× CPU slowdown) against
 * the public pages of the built SPA served by the real server. Needs `npm run build` first.
 * LIGHTHOUSE_RUNS (default 3) runs per page; the run with the median performance score is reported.
 */
const PAGES = ['/', '/how-it-works', '/about', '/contact'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const GOALS: Record<(typeof CATEGORIES)[number], number> = {
  performance: 98,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

const run = promisify(execFile);

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

interface Lhr {
  categories: Record<string, { score: number | null; auditRefs?: Array<{ id: string; weight: number }> }>;
  audits: Record<string, { score?: number | null; numericValue?: number; details?: { items?: NetworkItem[] } }>;
}

/** The audits that time a page's first paints: the script a page must run before it paints weighs on them. */
const PAINT_AUDITS = ['first-contentful-paint', 'largest-contentful-paint'];

interface PageResult {
  path: string;
  scores: Record<string, number>;
  /**
   * The best performance score these paint times allow: Lighthouse's own scores for first and largest contentful
   * paint, and full marks for every other audit of the category (blocking time, Speed Index, layout shift).
   */
  paintCeiling: number;
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number; speedIndexMs: number };
  requests: NetworkItem[];
}

async function lighthouse(url: string, outDir: string, n: number): Promise<Lhr> {
  const output = path.join(outDir, `report-${n}.json`);
  await run(
    process.execPath,
    [
      path.resolve('node_modules/lighthouse/cli/index.js'),
      url,
      `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
      `--only-categories=${CATEGORIES.join(',')}`,
      '--output=json',
      `--output-path=${output}`,
      '--quiet',
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(fs.readFileSync(output, 'utf8')) as Lhr;
}

function summarise(pagePath: string, lhr: Lhr): PageResult {
  const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const refs = lhr.categories.performance?.auditRefs ?? [];
  const total = refs.reduce((sum, r) => sum + r.weight, 0);
  const earned = refs.reduce(
    (sum, r) => sum + r.weight * (PAINT_AUDITS.includes(r.id) ? (lhr.audits[r.id]?.score ?? 0) : 1),
    0,
  );
  return {
    path: pagePath,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])),
    paintCeiling: total > 0 ? Number(((100 * earned) / total).toFixed(1)) : NaN,
    metrics: {
      fcpMs: Math.round(metric('first-contentful-paint')),
      lcpMs: Math.round(metric('largest-contentful-paint')),
      tbtMs: Math.round(metric('total-blocking-time')),
      cls: Number(metric('cumulative-layout-shift').toFixed(3)),
      speedIndexMs: Math.round(metric('speed-index')),
    },
    requests: lhr.audits['network-requests']?.details?.items ?? [],
  };
}

/** Bytes of the build's gzip file for a served URL (the file itself when it is too small to compress). */
function gzipBytes(url: string, distDir: string): number {
  const file = path.join(distDir, new URL(url).pathname);
  if (fs.existsSync(`${file}.gz`)) return fs.statSync(`${file}.gz`).size;
  return fs.existsSync(file) ? fs.statSync(file).size : 0;
}

function weight(requests: NetworkItem[], type: 'Script' | 'Stylesheet', distDir: string) {
  const items = requests.filter((r) => r.resourceType === type);
  return {
    files: items.map((r) => path.basename(new URL(r.url).pathname)),
    transferred: items.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    gzip: items.reduce((sum, r) => sum + gzipBytes(r.url, distDir), 0),
    raw: items.reduce((sum, r) => sum + (r.resourceSize ?? 0), 0),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export default async function lighthouseBench(build: Build = THIS_BUILD): Promise<BenchSection> {
  const distDir = path.join(build.root, 'dist');
  if (!fs.existsSync(path.join(distDir, 'index.html'))) throw new Error('dist/ is missing: run `npm run build` first');
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  const server = await startServer({}, 3910, build);
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giftwise-lighthouse-'));
  const results: PageResult[] = [];
  try {
    for (const pagePath of PAGES) {
      const attempts: PageResult[] = [];
      for (let i = 0; i < runs; i += 1) {
        attempts.push(summarise(pagePath, await lighthouse(server.url + pagePath, outDir, results.length * runs + i)));
        console.info(`  ${pagePath} run ${i + 1}/${runs}: ${JSON.stringify(attempts[i].scores)}`);
      }
      attempts.sort((a, b) => a.scores.performance - b.scores.performance);
      results.push(attempts[Math.floor(attempts.length / 2)]);
    }
  } finally {
    await server.stop();
    fs.rmSync(outDir, { recursive: true, force: true });
  }

  const home = results[0];
  const js = weight(home.requests, 'Script', distDir);
  const css = weight(home.requests, 'Stylesheet', distDir);
  const mark = (c: (typeof CATEGORIES)[number], value: number) =>
    value >= GOALS[c] ? `${value}` : `**${value}** (goal ${GOALS[c]})`;
  const markdown = [
    `Lighthouse 12.8, mobile (emulated phone, simulated slow 4G, 4× CPU slowdown), median of ${runs} run(s) by performance.`,
    `Goals: performance ≥ ${GOALS.performance}, accessibility, best practices and SEO ${GOALS.accessibility}.`,
    '',
    '| page | performance | ceiling of its paint times | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS | Speed Index ms |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.path} | ${mark('performance', r.scores.performance)} | ${r.paintCeiling} | ${mark('accessibility', r.scores.accessibility)} | ${mark('best-practices', r.scores['best-practices'])} | ${mark('seo', r.scores.seo)} | ${r.metrics.fcpMs} | ${r.metrics.lcpMs} | ${r.metrics.tbtMs} | ${r.metrics.cls} | ${r.metrics.speedIndexMs} |`,
    ),
    '',
    'The ceiling is the performance score the page would get with its first and largest paint as measured and every',
    'other audit of the category perfect (no blocking time at all): a goal above it needs earlier paints.',
    '',
    'Initial load of / (every script and stylesheet requested until the page settled):',
    '',
    '| | files | transferred (as served, brotli) | gzip | uncompressed |',
    '|---|---:|---:|---:|---:|',
    `| JS | ${js.files.length} | ${kb(js.transferred)} | ${kb(js.gzip)} | ${kb(js.raw)} |`,
    `| CSS | ${css.files.length} | ${kb(css.transferred)} | ${kb(css.gzip)} | ${kb(css.raw)} |`,
  ].join('\n');

  const scoresOf = (c: (typeof CATEGORIES)[number]) => results.map((r) => r.scores[c]);
  const headline = (c: (typeof CATEGORIES)[number], figure: string) => ({
    figure,
    shown:
      Math.min(...scoresOf(c)) === Math.max(...scoresOf(c))
        ? `${Math.min(...scoresOf(c))}`
        : `${Math.min(...scoresOf(c))}–${Math.max(...scoresOf(c))}`,
    goal: GOALS[c] === 100 ? '100 on each' : `≥ ${GOALS[c]} on each`,
    met: scoresOf(c).every((v) => v >= GOALS[c]),
  });
  return {
    title: 'Lighthouse: public pages (mobile)',
    markdown,
    headlines: [
      headline('performance', `Lighthouse mobile performance, ${PAGES.join(' ')}`),
      headline('accessibility', 'Lighthouse accessibility, same pages'),
      headline('best-practices', 'Lighthouse best practices, same pages'),
      headline('seo', 'Lighthouse SEO, same pages'),
    ],
    data: {
      runs,
      pages: results.map(({ requests: _r, ...rest }) => rest),
      home: { js, css },
    },
  };
}
