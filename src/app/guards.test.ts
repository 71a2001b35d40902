import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { MemoryStorage, spyOnFetch } from '@/test/fetchSpy';

import { requireAdmin, requireCustomer } from './guards';

const aborted = () => Promise.reject(new DOMException('The user aborted a request.', 'AbortError'));
const refused = () => Response.json({ success: false, error: 'Please sign in again' }, { status: 401 });

/** A load's request, and the controller that abandons it (as the router does on a new navigation). */
function load(path = '/orders') {
  const controller = new AbortController();
  return { controller, request: new Request(`http://x.test${path}`, { signal: controller.signal }) };
}

/** Whether `promise` is still pending once every queued task has run. */
async function isPending(promise: Promise<unknown>): Promise<boolean> {
  const pending = Symbol('pending');
  promise.catch(() => undefined);
  return (await Promise.race([promise, new Promise((r) => setTimeout(r, 20, pending))])) === pending;
}

/** The redirect a loader threw, as the address it sends to. */
async function redirectOf(loading: Promise<unknown>): Promise<string | null> {
  try {
    await loading;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
  return null;
}

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('window', new EventTarget());
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('requireCustomer', () => {
  it('redirects to /signin without asking the server when no token is stored', async () => {
    const { spy } = spyOnFetch();
    expect(await redirectOf(requireCustomer(load().request))).toBe('/signin');
    expect(spy).not.toHaveBeenCalled();
  });

  it('lets the route load when the server accepts the session', async () => {
    localStorage.setItem('authtoken', 'customer-token');
    spyOnFetch(() => Response.json({ success: true }));
    expect(await redirectOf(requireCustomer(load().request))).toBeNull();
  });

  it('redirects to /signin and drops the token the server refused', async () => {
    localStorage.setItem('authtoken', 'customer-token');
    spyOnFetch(refused);
    expect(await redirectOf(requireCustomer(load().request))).toBe('/signin');
    expect(localStorage.getItem('authtoken')).toBeNull();
  });

  it('holds the load (no redirect) and keeps the token when the check gets no answer, until it is abandoned', async () => {
    localStorage.setItem('authtoken', 'customer-token');
    spyOnFetch(aborted);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { controller, request } = load();
    const guarding = requireCustomer(request);
    expect(await isPending(guarding)).toBe(true);
    expect(localStorage.getItem('authtoken')).toBe('customer-token');
    const abandoned = new Error('a new navigation');
    controller.abort(abandoned);
    await expect(guarding).rejects.toBe(abandoned);
  });
});

describe('requireAdmin', () => {
  it('answers the admin’s email when the server accepts the session', async () => {
    localStorage.setItem('authtoken_admin', 'admin-token');
    spyOnFetch(() => Response.json({ success: true, email: 'boss@example.com' }));
    await expect(requireAdmin(load('/adminorders').request)).resolves.toEqual({ email: 'boss@example.com' });
  });

  it('redirects to /admin and drops the admin token the server refused', async () => {
    localStorage.setItem('authtoken_admin', 'admin-token');
    spyOnFetch(refused);
    expect(await redirectOf(requireAdmin(load('/adminorders').request))).toBe('/admin');
    expect(localStorage.getItem('authtoken_admin')).toBeNull();
  });

  it.each([
    ['is aborted', aborted],
    ['gets a server error', () => Response.json({ success: false }, { status: 503 })],
  ])('holds the load (no redirect) and keeps the admin token when the check %s', async (_case, answer) => {
    localStorage.setItem('authtoken_admin', 'admin-token');
    spyOnFetch(answer);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { controller, request } = load('/adminorders');
    const guarding = requireAdmin(request);
    expect(await isPending(guarding)).toBe(true);
    expect(localStorage.getItem('authtoken_admin')).toBe('admin-token');
    controller.abort();
    await expect(guarding).rejects.toThrow();
  });
});
