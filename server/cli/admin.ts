/**
 * `npm run admin -- add EMAIL`: adds an admin to the configured database (DATA_DIR or DATABASE_URL).
 * The password is read from ADMIN_PASSWORD, else asked on the terminal without echo (twice),
 * else read as the first line of standard input (for scripts: `printf '%s\n' "$PW" | npm run admin -- add EMAIL`).
 */
import { loadConfig } from '../config';
import type { Db } from '../db/db';
import { openDatabase } from '../db/db';
import { DatabaseLockedError } from '../db/dirLock';
import { migrate } from '../db/migrate';
import { HttpError } from '../errors';
import { adminCredentialProblem, createAdmin } from '../services/admins';

const USAGE = `Usage: npm run admin -- add EMAIL

Adds an admin who can sign in at /admin. The password is taken from ADMIN_PASSWORD when set,
otherwise asked for on the terminal (it is not shown while you type). At least 8 characters.`;

class CliError extends Error {}

/** Reads one line from a terminal with echo off; Ctrl-C aborts. */
function askHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  // Echo off before the prompt appears, so nothing typed after it is ever shown.
  stdin.setRawMode(true);
  process.stderr.write(prompt);
  return new Promise((resolve, reject) => {
    let value = '';
    stdin.resume();
    stdin.setEncoding('utf8');
    const done = (err?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
      if (err) reject(err);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') return done();
        if (ch === '\u0003') return done(new CliError('Cancelled.'));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

/** The first line of a piped standard input. */
async function readFirstLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0];
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) return readFirstLine();
  const first = await askHidden('Password for the new admin: ');
  const problem = adminCredentialProblem('admin@example.com', first);
  if (problem) throw new CliError(problem);
  const again = await askHidden('Type it again: ');
  if (again !== first) throw new CliError('The two passwords differ. Nothing was changed.');
  return first;
}

async function add(email: string): Promise<void> {
  const emailProblem = adminCredentialProblem(email, 'x'.repeat(8));
  if (emailProblem) throw new CliError(`${emailProblem}: ${email}`);
  const config = loadConfig();
  const password = await readPassword();
  const problem = adminCredentialProblem(email, password);
  if (problem) throw new CliError(`${problem}. Nothing was changed.`);

  let db: Db;
  try {
    db = await openDatabase(config, { foreignHost: 'refuse' });
  } catch (err) {
    if (err instanceof DatabaseLockedError) throw new CliError(err.message);
    throw err;
  }
  try {
    await migrate(db);
    await createAdmin(db, email, password);
  } finally {
    await db.close();
  }
  const where = config.databaseUrl ? 'the PostgreSQL database in DATABASE_URL' : config.dataDir;
  console.info(`Admin ${email.trim().toLowerCase()} added (${where}). They can sign in at /admin.`);
}

async function main(argv: string[]): Promise<number> {
  const [command, email, ...rest] = argv;
  if (command === '--help' || command === '-h' || command === 'help') {
    console.info(USAGE);
    return 0;
  }
  if (command !== 'add' || !email || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  try {
    await add(email);
    return 0;
  } catch (err) {
    if (err instanceof CliError || err instanceof HttpError) {
      console.error(`Error: ${err.message}`);
    } else {
      // A configuration or database problem: say what it is; the stack only on request.
      console.error(`Error: ${err instanceof Error ? err.message : String(err)}`);
      if (process.env.DEBUG) console.error(err);
    }
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
