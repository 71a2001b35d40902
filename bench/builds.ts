import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * What a suite measures: this checkout's build, or a baseline revision's built beside it
 * (npm run bench -- --baseline=REV), so that one run shows every figure before and after.
 */
export interface Build {
  /** 'before' or 'after' with a baseline; 'this build' without one. */
  label: string;
  /** The checkout whose dist/ (and, for an old revision without a compiled server, server/) runs. */
  root: string;
  /** How its server runs: compiled (dist/server/main.js) when the revision builds one, else from source. */
  server: 'compiled' | 'source';
  /** A baseline is an older revision: a suite measures on it only what that revision can do. */
  role: 'current' | 'baseline';
}

export const THIS_BUILD: Build = { label: 'this build', root: '.', server: 'compiled', role: 'current' };

const BASELINE_DIR = '.tmp/bench-baseline';

function git(...args: string[]): string {
  return execFileSync('git', args, { encoding: 'utf8' }).trim();
}

/**
 * Checks `rev` out in a worktree under .tmp/, sharing this checkout's node_modules, and builds it the way that
 * revision built (its own `npm run build`). Returns the build to measure as 'before'.
 */
export function buildBaseline(rev: string): Build {
  const commit = git('rev-parse', '--verify', `${rev}^{commit}`);
  const root = path.resolve(BASELINE_DIR);
  if (fs.existsSync(root)) git('worktree', 'remove', '--force', root);
  git('worktree', 'prune');
  git('worktree', 'add', '--detach', '--force', root, commit);
  fs.symlinkSync(path.resolve('node_modules'), path.join(root, 'node_modules'), 'dir');
  console.info(`building the baseline ${commit.slice(0, 7)} in ${BASELINE_DIR}`);
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const compiled = fs.existsSync(path.join(root, 'dist/server/main.js'));
  return { label: `before (${commit.slice(0, 7)})`, root, server: compiled ? 'compiled' : 'source', role: 'baseline' };
}

/** Removes the baseline's worktree once the run is over. */
export function removeBaseline(): void {
  const root = path.resolve(BASELINE_DIR);
  if (fs.existsSync(root)) git('worktree', 'remove', '--force', root);
}

/** One figure a suite reports against its goal, for the run's summary of before and after. */
export interface Headline {
  figure: string;
  /** The figure as shown, e.g. '104.9 kB'. */
  shown: string;
  goal: string;
  met: boolean;
}
