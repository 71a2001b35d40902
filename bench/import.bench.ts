import { THIS_BUILD, type Build } from './builds';
import {
  apiCall,
  benchDuration,
  customerThroughApi,
  onBothDatabases,
  serialLatency,
  startServer,
  type BenchSection,
  type LatencyResult,
} from './lib';
import { orderBody } from './orderInput';

/**
 * Issue 32: does one customer's contact import hold the others back? Another customer reads their orders (getgifts,
 * 20 orders) one request at a time, alone and then while customers commit 2,000-contact imports (CSV, two dates each:
 * 4,000 dates) one after another; the p99 of those reads is the figure, on PGlite and on PostgreSQL. With
 * `--baseline=REV` it runs on that revision's build too (before the statement-level trigger of migration 25, each
 * date of an import updated the customer's users row).
 */
export const comparesBuilds = true;

const CONTACTS = 2000;
const IMPORTS = 5;
const ORDERS = 20;

interface ImportFigures {
  database: string;
  alone: LatencyResult;
  during: LatencyResult;
  /** Each import's wall time, in milliseconds. */
  importMs: number[];
}

/** A CSV of 2,000 people with a birthday and an anniversary each. */
const IMPORT_FILE = [
  'name,occasion,date,email',
  ...Array.from({ length: CONTACTS }, (_, i) => [
    `Person ${i},Birthday,1970-04-15,person${i}@example.com`,
    `Person ${i},Anniversary,2001-06-09,`,
  ]).flat(),
].join('\n');

async function measure(build: Build, database: string, env: Record<string, string>, port: number) {
  const server = await startServer(
    {
      ...env,
      MAX_PEOPLE: '100000',
      MAX_OCCASIONS: '100000',
      OCCASION_WRITE_RATE_LIMIT: '1000000',
      REMINDER_SWEEP_SECONDS: '86400',
    },
    port,
    build,
  );
  try {
    const { url } = server;
    const reader = await customerThroughApi(url, 'Reader', 'reader@example.com');
    for (let i = 0; i < ORDERS; i++) await apiCall(`${url}/api/gifts/addgift`, JSON.parse(orderBody(i)), reader);
    const importers: string[] = [];
    for (let i = 0; i < IMPORTS; i++) {
      importers.push(
        (
          await apiCall(`${url}/api/auth/createUser`, {
            name: `Importer ${i}`,
            email: `importer${i}@example.com`,
            password: 'correct horse battery',
          })
        ).authtoken as string,
      );
    }
    const getgifts = { url: `${url}/api/gifts/getgifts`, headers: { 'auth-token': reader } };
    // Warm up, then the reads alone.
    await serialLatency('getgifts', getgifts, 2);
    const alone = await serialLatency('getgifts alone', getgifts, benchDuration(10));
    let importing = true;
    const importMs: number[] = [];
    const imports = (async () => {
      try {
        for (const token of importers) {
          const started = performance.now();
          const answer = await apiCall(`${url}/api/people/import`, { format: 'csv', content: IMPORT_FILE }, token);
          importMs.push(performance.now() - started);
          const added = (answer.data as { add: unknown[] }).add.length;
          if (added !== CONTACTS) throw new Error(`the import added ${added} people, not ${CONTACTS}`);
        }
      } finally {
        importing = false;
      }
    })();
    const during = await serialLatency('getgifts during imports', getgifts, () => !importing);
    await imports;
    return { database, alone, during, importMs } satisfies ImportFigures;
  } finally {
    await server.stop();
  }
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

export default async function importBench(build: Build = THIS_BUILD): Promise<BenchSection> {
  const base = Number(process.env.BENCH_PORT ?? 3940);
  return onBothDatabases({
    title: 'Another customer’s getgifts during 2,000-contact imports',
    intro:
      `One customer reads their ${ORDERS} orders (getgifts) one request at a time, alone for ` +
      `${benchDuration(10)} s and then while ${IMPORTS} other customers each commit a CSV of ${CONTACTS.toLocaleString('en-US')} ` +
      'people with two dates (one after another).',
    ports: { pglite: base, postgres: base + 1 },
    run: (database, env, port) => measure(build, database, env, port),
    describe: ({ database, alone, during, importMs }) =>
      [
        `**${database}**`,
        '',
        '| getgifts | requests | p50 | p99 | longest |',
        '|---|---:|---:|---:|---:|',
        ...[alone, during].map((r) => `| ${r.title} | ${r.requests} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} |`),
        '',
        `p99 during ÷ alone: ${(during.p99 / alone.p99).toFixed(1)}; each import took ` +
          `${importMs.map((m) => Math.round(m)).join(', ')} ms.`,
      ].join('\n'),
  });
}
