import { vi } from 'vitest';

/** A Map-backed localStorage for unit tests running in node (which has none). */
export class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

/**
 * Replaces global fetch with a spy answering `answer()` (a fresh Response each call) and returns
 * a reader of what the code under test actually handed to fetch.
 */
export function spyOnFetch(answer: () => Response | Promise<Response> = () => Response.json({ success: true })) {
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer());
  const sent = (index = -1) => {
    const call = spy.mock.calls.at(index);
    if (!call) throw new Error('fetch was not called');
    const [url, init = {}] = call as [string, RequestInit | undefined];
    return { url, init, headers: (init.headers ?? {}) as Record<string, string> };
  };
  return { spy, sent };
}
