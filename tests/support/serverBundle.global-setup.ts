import fs from 'node:fs';

import { bundleServer } from './serverBundle';

/** One bundle of the server for the run's workers (they inherit its folder through the environment). */
export default async function setup() {
  const dir = await bundleServer();
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
