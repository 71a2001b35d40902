// npm test after scripts/ensure-test-deps.sh: every check and test suite, the independent ones side by side.
// Each stage's output is kept and printed in one piece when it ends, under its name; a summary of every stage with
// its time closes the run, and the exit code is 1 when any stage failed. The browser tests wait for the build;
// nothing else waits for anything.
//
// TEST_JOBS sets how many stages run at once (3 by default: on two cores, stages spend much of their time waiting
// for servers, timers and child processes). TEST_STAGES=api,faults runs only the stages named.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Longest first, so that the run ends soon after its longest stage. `after`: a stage that must pass first. */
const STAGES = [
  { name: 'build', command: ['npm', 'run', 'build'] },
  { name: 'e2e', command: ['npx', 'playwright', 'test'], after: 'build' },
  { name: 'api', command: ['npx', 'vitest', 'run', '--project', 'api'] },
  { name: 'api-postgres', command: ['npx', 'vitest', 'run', '--project', 'api-postgres'] },
  { name: 'faults', command: ['npx', 'vitest', 'run', '--project', 'faults'] },
  {
    name: 'unit',
    command: [
      'npx',
      'vitest',
      'run',
      '--project',
      'unit',
      '--project',
      'unit-mocked',
      '--project',
      'component',
      '--project',
      'component-mocked',
    ],
  },
  { name: 'typecheck', command: ['npm', 'run', 'typecheck'] },
  { name: 'lint', command: ['npm', 'run', 'lint'] },
  { name: 'format', command: ['npm', 'run', 'format:check'] },
];

const jobs = Math.max(1, Number(process.env.TEST_JOBS ?? 3));
const only = process.env.TEST_STAGES?.split(',').map((s) => s.trim());
const stages = only ? STAGES.filter((s) => only.includes(s.name)) : STAGES;
const unknown = only?.filter((name) => !STAGES.some((s) => s.name === name)) ?? [];
if (unknown.length > 0) {
  console.error(`TEST_STAGES names no stage ${unknown.join(', ')}; the stages are ${STAGES.map((s) => s.name)}.`);
  process.exit(2);
}

/**
 * The tests' temporary files (their PGlite databases, servers' DATA_DIRs, the browsers' profiles) go to a directory
 * in memory when the machine has one with room to spare: each PGlite commit waits for the disk, and with three stages
 * at once, or anything else writing, one API test file was seen taking 158 s on the disk and 24 s in memory.
 * TEST_TMPDIR names another directory; the databases are thrown away after each test either way.
 */
function scratchDirectory() {
  if (process.env.TEST_TMPDIR) return { dir: process.env.TEST_TMPDIR, owned: false };
  const MEMORY = '/dev/shm';
  const ROOM_NEEDED = 4 * 1024 ** 3;
  try {
    const { bavail, bsize } = fs.statfsSync(MEMORY);
    if (bavail * bsize < ROOM_NEEDED) return null;
    const dir = fs.mkdtempSync(path.join(MEMORY, 'giftwise-test-'));
    // Open to every user with the sticky bit, as /tmp is: the tests' PostgreSQL server runs as the postgres user.
    fs.chmodSync(dir, 0o1777);
    return { dir, owned: true };
  } catch {
    return null;
  }
}
const scratch = scratchDirectory();
const scratchEnv = scratch ? { TMPDIR: scratch.dir } : {};
const removeScratch = () => {
  if (scratch?.owned) fs.rmSync(scratch.dir, { recursive: true, force: true });
};
process.on('exit', removeScratch);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
/** name -> { status: 'passed' | 'failed' | 'skipped', ms } */
const results = new Map();
const running = new Map();

function run(stage) {
  const start = Date.now();
  console.info(`▶ ${stage.name} started (${stage.command.join(' ')})`);
  const child = spawn(stage.command[0], stage.command.slice(1), {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...scratchEnv, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
  });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    const finish = (code, error) => {
      const ms = Date.now() - start;
      const status = code === 0 ? 'passed' : 'failed';
      results.set(stage.name, { status, ms, output: Buffer.concat(output).toString() });
      const rule = '─'.repeat(20);
      console.info(`\n${rule} ${stage.name}: ${status} in ${seconds(ms)} ${rule}`);
      process.stdout.write(Buffer.concat(output));
      if (error) console.info(String(error));
      resolve();
    };
    child.on('error', (error) => finish(1, error));
    child.on('close', (code) => finish(code));
  });
}

// Start what may start, until every stage has run (or was skipped because the stage it waits for failed).
await new Promise((done) => {
  const next = () => {
    for (const stage of stages) {
      if (results.has(stage.name) || running.has(stage.name)) continue;
      const before = stage.after && stages.some((s) => s.name === stage.after) ? results.get(stage.after) : undefined;
      if (stage.after && stages.some((s) => s.name === stage.after) && !before) continue;
      if (before && before.status !== 'passed') {
        results.set(stage.name, { status: 'skipped', ms: 0 });
        console.info(`\n${stage.name}: skipped, because ${stage.after} failed`);
        continue;
      }
      if (running.size >= jobs) break;
      running.set(
        stage.name,
        run(stage).then(() => {
          running.delete(stage.name);
          next();
        }),
      );
    }
    if (results.size === stages.length) done();
  };
  next();
});

console.info(
  `\nnpm test: ${seconds(Date.now() - started)} in all, up to ${jobs} stages at once, ` +
    `temporary files in ${scratch?.dir ?? 'the system temporary directory'}`,
);
for (const stage of stages) {
  const { status, ms } = results.get(stage.name);
  const mark = status === 'passed' ? '✓' : status === 'failed' ? '✗' : '-';
  console.info(`  ${mark} ${stage.name.padEnd(13)} ${status.padEnd(8)} ${status === 'skipped' ? '' : seconds(ms)}`);
}
const failed = stages.filter((s) => results.get(s.name).status !== 'passed').map((s) => s.name);
if (failed.length > 0) {
  console.info(`\nFailed: ${failed.join(', ')} (each stage's output is above, under its name).`);
  // Repeated at the very end, where a log cut to its last lines still shows which tests failed and why.
  for (const name of failed) {
    // eslint-disable-next-line no-control-regex -- the escape sequences of the colours
    const lines = (results.get(name).output ?? '').replace(/\x1b\[[0-9;]*m/g, '').split('\n');
    const telling = lines.filter((line) => /FAIL|×|✘|Error|[Ee]xpected|Timed out|deadlock/.test(line)).slice(0, 40);
    if (telling.length > 0) console.info(`\n${name}, what failed:\n${telling.join('\n')}`);
  }
  process.exit(1);
}
