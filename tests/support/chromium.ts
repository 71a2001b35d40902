/**
 * Debian's Chromium, and the flags that make it behave on these machines (no sandbox as root, no GPU,
 * no background connections to a network that is closed): one list for Playwright and the benchmarks.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
