import { PRIVATE_UMASK } from '../lib/dataDirMode';
import { messageOf } from '../lib/errors';

/** A refusal the operator can act on: printed as it is, with no stack. */
export class CliError extends Error {}

type ErrorClass = abstract new (...args: never[]) => Error;

/** What a command reads and writes: its environment, standard input, and lines for standard output and error. */
export interface CliIo {
  env: NodeJS.ProcessEnv;
  stdin: AsyncIterable<unknown> & { isTTY?: boolean };
  out: (line: string) => void;
  err: (line: string) => void;
}

/** This process's own. */
export const processIo = (): CliIo => ({
  env: process.env,
  stdin: process.stdin,
  out: (line) => console.info(line),
  err: (line) => console.error(line),
});

/**
 * The frame of an operator command (npm run admin, backup, restore): --help prints the usage; files it
 * creates are for this user only, as the server's are; a refusal prints one line and exits 1, a wrong call
 * prints the usage and exits 2. Returns the exit code.
 */
export async function runCli(opts: {
  argv: string[];
  usage: string;
  /** false when the arguments name no command it knows. */
  run: (argv: string[]) => Promise<boolean>;
  /** Errors that are the operator's to fix, besides CliError: their message is the whole story. */
  expected?: ErrorClass[];
  /** The process's own when left out (tests run a command in their own process with theirs). */
  io?: CliIo;
}): Promise<number> {
  const { argv, io = processIo() } = opts;
  if (argv[0] === 'help' || argv.some((a) => a === '--help' || a === '-h')) {
    io.out(opts.usage);
    return 0;
  }
  // Given back at the end, for a test that runs the command inside its own process.
  const umask = process.umask(PRIVATE_UMASK);
  try {
    if (await opts.run(argv)) return 0;
    io.err(opts.usage);
    return 2;
  } catch (err) {
    io.err(`Error: ${messageOf(err)}`);
    // A configuration or database problem the message may not explain: the stack on request.
    const expected = [CliError, ...(opts.expected ?? [])].some((type) => err instanceof type);
    if (!expected && io.env.DEBUG) io.err(String((err as Error).stack ?? err));
    return 1;
  } finally {
    process.umask(umask);
  }
}
