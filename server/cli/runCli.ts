import { PRIVATE_UMASK } from '../lib/dataDirMode';
import { messageOf } from '../lib/errors';

/** A refusal the operator can act on: printed as it is, with no stack. */
export class CliError extends Error {}

type ErrorClass = abstract new (...args: never[]) => Error;

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
}): Promise<number> {
  const { argv } = opts;
  if (argv[0] === 'help' || argv.some((a) => a === '--help' || a === '-h')) {
    console.info(opts.usage);
    return 0;
  }
  process.umask(PRIVATE_UMASK);
  try {
    if (await opts.run(argv)) return 0;
    console.error(opts.usage);
    return 2;
  } catch (err) {
    console.error(`Error: ${messageOf(err)}`);
    // A configuration or database problem the message may not explain: the stack on request.
    const expected = [CliError, ...(opts.expected ?? [])].some((type) => err instanceof type);
    if (!expected && process.env.DEBUG) console.error(err);
    return 1;
  }
}
