// npm start: build the SPA and the server only when a source changed since the last build, then run the
// compiled server. A restart with nothing changed skips the build (seconds saved on every start).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { serve } from './serve.mjs';

const STAMP = 'dist/.build-stamp';
const SOURCES = ['src', 'server', 'public', 'index.html', 'vite.config.ts', 'package-lock.json', 'scripts'];

/** The newest modification time under `p` (a file or a folder), in ms. */
function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(p).map((name) => newest(path.join(p, name))));
}

const built = fs.existsSync(STAMP) && fs.existsSync('dist/server/main.js') ? fs.statSync(STAMP).mtimeMs : 0;
if (Math.max(...SOURCES.map(newest)) > built) {
  execSync('npm run build', { stdio: 'inherit' });
  fs.writeFileSync(STAMP, `${new Date().toISOString()}\n`);
} else {
  console.info('The build is up to date; starting the server.');
}

serve();
