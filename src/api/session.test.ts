import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { MemoryStorage, spyOnFetch } from '@/test/fetchSpy';

import { verifySession } from './session';

/** What the browser does to a request of a page that is being left: it rejects the fetch with an AbortError. */
const aborted = () => Promise.reject(new DOMException('The user aborted a request.', 'AbortError'));
const json = (status: number, body: unknown) => () => Response.json(body, { status });

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  // clearToken announces the change on window; node has none.
  vi.stubGlobal('window', new EventTarget());
  localStorage.setItem('authtoken', 'customer-token');
  localStorage.setItem('authtoken_admin', 'admin-token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('verifySession: only the server’s refusal drops the stored token', () => {
  it('answers valid, with the email, and keeps the token when the server accepts it', async () => {
    const { sent } = spyOnFetch(json(200, { success: true, email: 'boss@example.com' }));
    expect(await verifySession('admin')).toEqual({ state: 'valid', email: 'boss@example.com' });
    expect(sent().url).toBe('/api/admin/check');
    expect(sent().headers['auth-token']).toBe('admin-token');
    expect(localStorage.getItem('authtoken_admin')).toBe('admin-token');
  });

  it.each([
    ['401 with success false', json(401, { success: false, error: 'Please sign in again' })],
    ['401 with any body', json(401, { message: 'Unauthorized' })],
    ['success false with 200', json(200, { success: false, error: 'Please sign in again' })],
    ['success false with 403', json(403, { success: false, error: 'Forbidden' })],
  ])('refused (%s): drops only that kind of token', async (_case, answer) => {
    spyOnFetch(answer);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await verifySession('customer')).toEqual({ state: 'refused' });
    expect(localStorage.getItem('authtoken')).toBeNull();
    expect(localStorage.getItem('authtoken_admin')).toBe('admin-token');
    expect(error).not.toHaveBeenCalled();
  });

  it('an admin refusal drops the admin token and keeps the customer one', async () => {
    spyOnFetch(json(401, { success: false }));
    expect(await verifySession('admin')).toEqual({ state: 'refused' });
    expect(localStorage.getItem('authtoken_admin')).toBeNull();
    expect(localStorage.getItem('authtoken')).toBe('customer-token');
  });

  it.each([
    ['the request is aborted (the page is being left)', aborted],
    ['the network fails', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a proxy answers an HTML error page', () => new Response('<h1>502 Bad Gateway</h1>', { status: 502 })],
    ['the server fails', json(503, { success: false, error: 'Something went wrong' })],
    ['the answer has no success field', json(200, { ok: true })],
    ['the answer is not an object', json(200, null)],
  ])('unreachable when %s: logs it and keeps the token', async (_case, answer) => {
    spyOnFetch(answer);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const [kind, key, token, label] of [
      ['customer', 'authtoken', 'customer-token', 'Auth check failed'],
      ['admin', 'authtoken_admin', 'admin-token', 'Admin check failed'],
    ] as const) {
      expect((await verifySession(kind)).state).toBe('unreachable');
      expect(localStorage.getItem(key)).toBe(token);
      expect(error).toHaveBeenLastCalledWith(label, expect.any(Error));
    }
  });
});
