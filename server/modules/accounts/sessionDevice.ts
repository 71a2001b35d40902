import Bowser from 'bowser';

/** What a session keeps of the device that signed in: names a person recognises, never the raw header. */
export interface SessionDevice {
  /** e.g. "Chrome 120"; null when the User-Agent names none. */
  browser: string | null;
  /** e.g. "Windows 10", "macOS Sonoma", "Android"; null when the User-Agent names none. */
  os: string | null;
  /** The client address the sign-in came from (behind a proxy, only with TRUST_PROXY). */
  address: string | null;
}

/** Long enough for any real name; a forged header cannot fill a row. */
const MAX_NAME = 60;
const MAX_USER_AGENT = 1000;

const named = (...parts: (string | undefined)[]): string | null => {
  const text = parts
    .filter((p) => p && p.trim())
    .join(' ')
    .trim();
  return text ? text.slice(0, MAX_NAME) : null;
};

/** The browser and system names of a User-Agent (bowser), and the address, as the devices list shows them. */
export function sessionDevice(userAgent: string | undefined, address: string | undefined): SessionDevice {
  let browser: string | null = null;
  let os: string | null = null;
  // bowser throws on an empty string; a very long header is cut before parsing.
  if (userAgent && userAgent.trim()) {
    const parsed = Bowser.parse(userAgent.slice(0, MAX_USER_AGENT));
    browser = named(parsed.browser.name, parsed.browser.version?.split('.')[0]);
    os = named(parsed.os.name, parsed.os.versionName);
  }
  return { browser, os, address: address ? address.slice(0, 64) : null };
}
