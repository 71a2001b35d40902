/**
 * The commands of `npm run admin -- add EMAIL | list | remove EMAIL | password EMAIL | reset-2fa EMAIL`: manages the admins of the
 * configured database (DATA_DIR or DATABASE_URL). For add, the password is read from ADMIN_PASSWORD, else asked on the
 * terminal without echo (twice), else read as the first line of standard input
 * (for scripts: `printf '%s\n' "$PW" | npm run admin -- add EMAIL`). For password, only the last two: the
 * first admin's ADMIN_PASSWORD in the environment is never taken for someone's new password.
 */
import { loadConfig } from '../config/config';
import { openDatabase, type Db } from '../db/db';
import { DatabaseLockedError } from '../db/dirLock';
import { migrate } from '../db/migrate';
import { restrictFileModes } from '../lib/dataDirMode';
import { HttpError } from '../lib/errors';
import { setAdminPassword } from '../modules/admin/adminPassword';
import {
  adminCredentialProblem,
  adminEmailProblem,
  createAdmin,
  isControlCharacter,
  listAdmins,
  removeAdmin,
} from '../modules/admin/admins';
import { resetSecondFactor } from '../modules/admin/secondFactor';
import { CliError, runCli, type CliIo } from './runCli';

const USAGE = `Usage: npm run admin -- add EMAIL
       npm run admin -- list
       npm run admin -- remove EMAIL
       npm run admin -- password EMAIL
       npm run admin -- reset-2fa EMAIL

add     Adds an admin who can sign in at /admin. The password is taken from ADMIN_PASSWORD when set,
        otherwise asked for on the terminal (it is not shown while you type). At least 8 characters,
        not the email, not one character repeated, not a common password.
list    Shows every admin's email and when it was added.
remove  Removes an admin and signs it out everywhere; never the last one. The status changes it
        made stay in the orders' history, without its email.
password  Sets a new password for an admin (a lost one, or a suspected theft) and signs it out everywhere.
        The password is asked for on the terminal (not shown, twice) or read as the first line of a
        piped standard input (printf '%s\\n' "$PW" | npm run admin -- password EMAIL); the same rules as add.
reset-2fa
        Clears an admin's second factor (a lost phone) and its recovery codes, and signs it out
        everywhere. At its next sign-in it enrols an authenticator app again.`;

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
async function readFirstLine(stdin: AsyncIterable<unknown>): Promise<string> {
  let text = '';
  for await (const chunk of stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0];
}

async function readPassword(io: CliIo, email: string): Promise<string> {
  const fromEnv = io.env.ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  return askOrReadPassword(io, email, 'Password for the new admin: ');
}

/** A password typed twice on the terminal without echo, or the first line of a piped standard input. */
async function askOrReadPassword(io: CliIo, email: string, prompt: string): Promise<string> {
  if (!io.stdin.isTTY) return readFirstLine(io.stdin);
  const first = await askHidden(prompt);
  const problem = adminCredentialProblem(email, first);
  if (problem) throw new CliError(problem);
  const again = await askHidden('Type it again: ');
  if (again !== first) throw new CliError('The two passwords differ. Nothing was changed.');
  return first;
}

/** Text for the terminal: control characters shown as \\uXXXX, never sent as they are. */
const escapeControls = (text: string) =>
  [...text]
    .map((ch) => (isControlCharacter(ch) ? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}` : ch))
    .join('');

/** Refuses a malformed email. */
function checkEmail(email: string): void {
  const problem = adminEmailProblem(email);
  if (problem) throw new CliError(`${problem}: ${escapeControls(email)}`);
}

/** Opens the configured database (migrated), runs fn, closes it; answers where it was. */
async function withDatabase(io: CliIo, fn: (db: Db) => Promise<void>): Promise<string> {
  const config = loadConfig(io.env);
  restrictFileModes(config.dataDir);
  let db: Db;
  try {
    db = await openDatabase(config, { foreignHost: 'refuse' });
  } catch (err) {
    if (err instanceof DatabaseLockedError) throw new CliError(err.message);
    throw err;
  }
  try {
    await migrate(db);
    await fn(db);
  } finally {
    await db.close();
  }
  return config.databaseUrl ? 'the PostgreSQL database in DATABASE_URL' : config.dataDir;
}

async function add(io: CliIo, email: string): Promise<void> {
  checkEmail(email);
  loadConfig(io.env);
  const password = await readPassword(io, email);
  const problem = adminCredentialProblem(email, password);
  if (problem) throw new CliError(`${problem}. Nothing was changed.`);
  const where = await withDatabase(io, (db) => createAdmin(db, email, password).then(() => undefined));
  io.out(`Admin ${email.trim().toLowerCase()} added (${where}). They can sign in at /admin.`);
}

async function list(io: CliIo): Promise<void> {
  let admins: Awaited<ReturnType<typeof listAdmins>> = [];
  await withDatabase(io, async (db) => {
    admins = await listAdmins(db);
  });
  for (const admin of admins) io.out(`${escapeControls(admin.email)}\tadded ${admin.createdAt}`);
}

async function remove(io: CliIo, email: string): Promise<void> {
  checkEmail(email);
  let removed = { email: '', historyEntries: 0 };
  const where = await withDatabase(io, async (db) => {
    removed = await removeAdmin(db, email);
  });
  const history =
    removed.historyEntries > 0
      ? ` Its ${removed.historyEntries} status change(s) stay in the order history without its email.`
      : '';
  io.out(`Admin ${removed.email} removed (${where}) and signed out everywhere.${history}`);
}

async function password(io: CliIo, email: string): Promise<void> {
  checkEmail(email);
  loadConfig(io.env);
  const newPassword = await askOrReadPassword(io, email, `New password for ${escapeControls(email.trim())}: `);
  let stored = '';
  const where = await withDatabase(io, async (db) => {
    stored = await setAdminPassword(db, email, newPassword);
  });
  io.out(`Password of ${stored} changed (${where}); its sessions were ended: it signs in again with the new one.`);
}

async function resetTwoFactor(io: CliIo, email: string): Promise<void> {
  checkEmail(email);
  const { publicUrl } = loadConfig(io.env);
  let reset = '';
  const where = await withDatabase(io, async (db) => {
    reset = await resetSecondFactor(db, email, { publicUrl });
  });
  io.out(
    `Second factor of ${escapeControls(reset)} cleared (${where}), and it is signed out everywhere. ` +
      'At its next sign-in at /admin it sets up an authenticator app again. An email tells it so ' +
      '(queued: a server on this database sends it).',
  );
}

async function run(io: CliIo, command: string | undefined, args: string[]): Promise<boolean> {
  if (command === 'add' && args.length === 1) await add(io, args[0]);
  else if (command === 'password' && args.length === 1) await password(io, args[0]);
  else if (command === 'reset-2fa' && args.length === 1) await resetTwoFactor(io, args[0]);
  else if (command === 'remove' && args.length === 1) await remove(io, args[0]);
  else if (command === 'list' && args.length === 0) await list(io);
  else return false;
  return true;
}

/** Runs `npm run admin -- …` with these arguments and this terminal; answers the exit code. */
export function adminCli(argv: string[], io: CliIo): Promise<number> {
  return runCli({
    argv,
    usage: USAGE,
    run: ([command, ...args]) => run(io, command, args),
    expected: [HttpError],
    io,
  });
}
