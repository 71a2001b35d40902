// npm run serve: the compiled server (dist/server/main.js, made by npm run build), with the memory settings of
// scripts/serverEnv.mjs. npm start runs it too, once the build is up to date.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { SERVER_NODE_OPTIONS, serverEnv } from './serverEnv.mjs';

/** Runs the server until it exits, passing SIGINT and SIGTERM on; exits with its code. */
export function serve() {
  const server = spawn(process.execPath, [...SERVER_NODE_OPTIONS, 'dist/server/main.js'], {
    stdio: 'inherit',
    env: serverEnv(process.env),
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) serve();
