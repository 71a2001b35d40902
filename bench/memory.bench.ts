import fs from 'node:fs';

import { THIS_BUILD, type Build } from './builds';
import { startServer, tempDataDir, type BenchSection } from './lib';

export const comparesBuilds = true;

/**
 * The server's memory (RSS) 3 s after it answers /healthz, compiled as `npm start` runs it: on a new, empty
 * DATA_DIR (PGlite creates its database first), then started again on that same DATA_DIR. Goal: 200 MiB.
 */
const GOAL_MIB = 200;
const PORT = 3931;

function rssMiB(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
}

async function rssAfterStart(dataDir: string, build: Build): Promise<number> {
  const server = await startServer({ DATA_DIR: dataDir }, PORT, build);
  await new Promise((r) => setTimeout(r, 3000));
  const rss = rssMiB(server.pid);
  await server.kill();
  return rss;
}

export default async function memoryBench(build: Build = THIS_BUILD): Promise<BenchSection> {
  const dataDir = tempDataDir();
  try {
    const fresh = await rssAfterStart(dataDir, build);
    const again = await rssAfterStart(dataDir, build);
    const row = (what: string, mib: number) =>
      `| ${what} | ${mib.toFixed(0)} | ≤ ${GOAL_MIB} | ${mib <= GOAL_MIB ? '✓' : '✗ over goal'} |`;
    const markdown = [
      '| server started on | RSS MiB, 3 s after /healthz | goal | |',
      '|---|---:|---|---|',
      row('a new, empty DATA_DIR', fresh),
      row('the same DATA_DIR again', again),
    ].join('\n');
    const headline = (figure: string, mib: number) => ({
      figure,
      shown: `${mib.toFixed(0)} MiB`,
      goal: `≤ ${GOAL_MIB} MiB`,
      met: mib <= GOAL_MIB,
    });
    return {
      title: 'Server memory at start',
      markdown,
      data: { freshMiB: fresh, againMiB: again, goalMiB: GOAL_MIB },
      headlines: [
        headline('server RSS 3 s after start, new empty database', fresh),
        headline('server RSS 3 s after start, same database again', again),
      ],
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
