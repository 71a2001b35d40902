import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * One full garbage collection once the server is up. Opening PGlite (initdb on a new database above all)
 * leaves a few hundred MB of dead buffers that V8 does not collect while the server idles, so an idle
 * server looked several times its real size. Once, at start: never on a request's path.
 */
export function releaseStartupGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  gc();
}
