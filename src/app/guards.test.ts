import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { MemoryStorage, spyOnFetch } from '@/test/fetchSpy';

import { requireAdmin, requireCustomer } from './guards';

const aborted = () => Promise.reject(new DOMException('The user aborted a request.', 'AbortError'));
const refused = () => Response.json({ success: false, error: 'Please sign in again' }, { status: 401 });

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
    expect(await redirectOf(requireCustomer())).toBe('/signin');
    expect(spy).not.toHaveBeenCalled();
  });

  it('lets the route load when the server accepts the session', async () => {
    localStorage.setItem('authtoken', 'customer-token');
    spyOnFetch(() => Response.json({ success: true }));
    expect(await redirectOf(requireCustomer())).toBeNull();
  });

  it('redirects to /signin and drops the token the server refused', async () => {
    localStorage.setItem('authtoken', 'customer-token');
    spyOnFetch(refused);
    expect(await redirectOf(requireCustomer())).toBe('/signin');
    expect(localStorage.getItem('authtoken')).toBeNull();
  });

  it('redirects to /signin but keeps the token when the check is aborted', async () => {
    localStorage.setItem('authtoken', 'customer-token');
    spyOnFetch(aborted);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await redirectOf(requireCustomer())).toBe('/signin');
    expect(localStorage.getItem('authtoken')).toBe('customer-token');
  });
});

describe('requireAdmin', () => {
  it('answers the admin’s email when the server accepts the session', async () => {
    localStorage.setItem('authtoken_admin', 'admin-token');
    spyOnFetch(() => Response.json({ success: true, email: 'boss@example.com' }));
    await expect(requireAdmin()).resolves.toEqual({ email: 'boss@example.com' });
  });

  it('redirects to /admin and drops the admin token the server refused', async () => {
    localStorage.setItem('authtoken_admin', 'admin-token');
    spyOnFetch(refused);
    expect(await redirectOf(requireAdmin())).toBe('/admin');
    expect(localStorage.getItem('authtoken_admin')).toBeNull();
  });

  it('redirects to /admin but keeps the admin token when the check is aborted', async () => {
    localStorage.setItem('authtoken_admin', 'admin-token');
    spyOnFetch(aborted);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await redirectOf(requireAdmin())).toBe('/admin');
    expect(localStorage.getItem('authtoken_admin')).toBe('admin-token');
  });
});
