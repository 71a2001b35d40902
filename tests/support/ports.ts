/**
 * Ports that fetch refuses to connect to (the Fetch standard's "bad ports": fetch fails with the cause "bad port",
 * before any connection). A test server on one of these is healthy but cannot be reached by fetch: shutdown.test
 * once drew 4045 (lockd) and timed out waiting for /healthz.
 */
export const FETCH_BAD_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110,
  111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532,
  540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061,
  6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/**
 * A random port from `first` to `first + count - 1`, stepping by `step` (a test that takes two ports at once
 * steps by 2), such that every port the test takes from it (the port plus each of `offsets`) is one fetch may
 * call. Random, so that the same test run twice at once (two clones, two projects) rarely collides.
 */
export function randomTestPort(first: number, count: number, { step = 1, offsets = [0] } = {}): number {
  const choices = Array.from({ length: Math.floor(count / step) }, (_, i) => first + i * step).filter((port) =>
    offsets.every((offset) => !FETCH_BAD_PORTS.has(port + offset)),
  );
  if (choices.length === 0) throw new Error(`no port from ${first} to ${first + count - 1} that fetch may call`);
  return choices[Math.floor(Math.random() * choices.length)];
}
