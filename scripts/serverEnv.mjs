// The environment the compiled server runs in (scripts/start.mjs, and the tests and benchmarks that run it as
// `npm start` does). glibc's malloc raises its trim and mmap thresholds as large blocks come and go, and then
// keeps freed memory instead of handing it back: V8 compiling PGlite's WebAssembly at start-up left about
// 40 MiB of it in an idle server. Fixed thresholds hand large freed blocks back to the system.
// Set the same variables wherever the server is started otherwise (systemd, a container).
export const SERVER_ALLOCATOR_ENV = {
  MALLOC_TRIM_THRESHOLD_: '131072',
  MALLOC_MMAP_THRESHOLD_: '131072',
};

/** `env` with the allocator settings added, unless it sets them itself. */
export const serverEnv = (env) => ({ ...SERVER_ALLOCATOR_ENV, ...env });
