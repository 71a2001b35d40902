/** `npm run admin -- …` (./adminCommands.ts), on this process's terminal and environment. */
import { adminCli } from './adminCommands';
import { processIo } from './runCli';

process.exitCode = await adminCli(process.argv.slice(2), processIo());
