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

// V8 compiles PGlite's WebAssembly on as many background threads as it likes, and each thread's malloc arena kept
// what the compiling used: an idle server measured 191–233 MiB. Compiling on the main thread measured 180–194 MiB,
// started as fast, and served getgifts 11–45 % faster at 100 connections on two cores (one interleaved A/B of three
// rounds; the memory figures are in bench/README.md).
//
// V8's default young generation is kept on purpose: smaller semi-spaces (--max-semi-space-size=2 or 4) kept about
// 10–20 MiB less at rest, but the CSV export of 100,000 orders then grew RSS by 57–84 MiB instead of 6–18 (goal
// < 50), as more of a long response's data was promoted.
export const SERVER_NODE_OPTIONS = ['--wasm-num-compilation-tasks=0'];

/** `env` with the allocator settings added, unless it sets them itself. */
export const serverEnv = (env) => ({ ...SERVER_ALLOCATOR_ENV, ...env });
