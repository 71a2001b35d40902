// How the compiled server is run (scripts/serve.mjs for npm start and npm run serve, and the tests and benchmarks
// that run it as npm start does). Set the same variables and Node options wherever the server is started
// otherwise (systemd, a container).

// glibc's malloc raises its trim and mmap thresholds as large blocks come and go, and then keeps freed memory
// instead of handing it back: V8 compiling PGlite's WebAssembly at start-up left about 40 MiB of it in an idle
// server. Fixed thresholds hand large freed blocks back to the system.
export const SERVER_ALLOCATOR_ENV = {
  MALLOC_TRIM_THRESHOLD_: '131072',
  MALLOC_MMAP_THRESHOLD_: '131072',
};

// V8's young generation grows to two 16 MiB semi-spaces while PGlite starts and keeps them, nearly empty, for
// good. Smaller ones keep less at rest, but promote more of what a long response holds: measured on the CSV of
// 100,000 orders, RSS grew 15–18 MiB with 16 MiB semi-spaces, 22–29 with 4 and 75–84 with 2 (README, "Benchmarks").
export const SERVER_NODE_OPTIONS = ['--max-semi-space-size=4'];

/** `env` with the allocator settings added, unless it sets them itself. */
export const serverEnv = (env) => ({ ...SERVER_ALLOCATOR_ENV, ...env });
