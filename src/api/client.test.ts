import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import * as routes from '#contract/routes';
import { MemoryStorage, spyOnFetch } from '@/test/fetchSpy';

import { addressOf, call, NetworkError } from './client';

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('call()', () => {
  it('GETs a same-origin path with no body, no content type and no token for a call that needs none', async () => {
    const { spy, sent } = spyOnFetch();
    await call(routes.unsubscribePage, { params: { token: 'tok' } });
    expect(spy).toHaveBeenCalledTimes(1);
    const { url, init, headers } = sent();
    expect(url).toBe('/api/reminders/unsubscribe/tok');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(headers).toEqual({});
  });

  it("sends a body as JSON with the JSON content type and the table's method", async () => {
    const { sent } = spyOnFetch();
    await call(routes.resetPassword, { body: { token: 'a', password: 'two' } });
    const { init, headers } = sent();
    expect(init.method).toBe('POST');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"token":"a","password":"two"}');
  });

  it('fills path parameters, each encoded as one segment, and leaves out query values not given', async () => {
    const { sent } = spyOnFetch();
    await call(routes.deleteOrder, { params: { id: 'a/b c' } });
    expect(sent().url).toBe('/api/gifts/deleteGift/a%2Fb%20c');
    expect(sent().init.method).toBe('DELETE');
    expect(addressOf(routes.ordersCsv, { query: { status: 'new', search: undefined, sort: '-date' } })).toBe(
      '/api/admin/orders.csv?status=new&sort=-date',
    );
    expect(addressOf(routes.getUpcoming, { query: {} })).toBe('/api/occasions/upcoming');
  });

  it('puts the customer token (localStorage authtoken) in the auth-token header', async () => {
    localStorage.setItem('authtoken', 'customer-token');
    localStorage.setItem('authtoken_admin', 'admin-token');
    const { sent } = spyOnFetch();
    await call(routes.checkAuth);
    expect(sent().headers['auth-token']).toBe('customer-token');
  });

  it('puts the admin token (localStorage authtoken_admin) in the auth-token header', async () => {
    localStorage.setItem('authtoken', 'customer-token');
    localStorage.setItem('authtoken_admin', 'admin-token');
    const { sent } = spyOnFetch();
    await call(routes.adminCheck);
    expect(sent().headers['auth-token']).toBe('admin-token');
  });

  it('sends an empty auth-token header when no token is stored, so the server answers 401', async () => {
    const { sent } = spyOnFetch();
    await call(routes.checkAuth);
    expect(sent().headers).toEqual({ 'auth-token': '' });
  });

  it('passes mode, cache and referrer policy through to fetch', async () => {
    const { sent } = spyOnFetch();
    await call(routes.signOut, {}, { init: { mode: 'cors', cache: 'no-store', referrerPolicy: 'no-referrer' } });
    expect(sent().init).toMatchObject({ mode: 'cors', cache: 'no-store', referrerPolicy: 'no-referrer' });
  });

  it('answers the JSON body of a refusal instead of throwing', async () => {
    spyOnFetch(() => Response.json({ success: false, error: 'Please sign in again' }, { status: 401 }));
    await expect(call(routes.checkAuth)).resolves.toEqual({
      success: false,
      error: 'Please sign in again',
    });
  });

  it('throws NetworkError with a readable message when fetch itself fails', async () => {
    const cause = new TypeError('Failed to fetch');
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(cause);
    const failure = call(routes.checkAuth);
    await expect(failure).rejects.toBeInstanceOf(NetworkError);
    await expect(failure).rejects.toMatchObject({
      name: 'NetworkError',
      message: 'Could not reach the server. Check your connection and try again.',
      cause,
    });
  });

  it('throws NetworkError when the answer is not JSON (a proxy error page)', async () => {
    spyOnFetch(
      () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
    );
    const failure = call(routes.checkAuth);
    await expect(failure).rejects.toBeInstanceOf(NetworkError);
    await expect(failure).rejects.toThrow('The server answered 502 without a readable body.');
  });

  it('prefixes VITE_API_URL (without its trailing slash) when one is configured', async () => {
    vi.stubEnv('VITE_API_URL', 'https://api.example.com/');
    vi.resetModules();
    const client = await import('./client');
    const { sent } = spyOnFetch();
    await client.call(routes.checkAuth);
    expect(sent().url).toBe('https://api.example.com/api/auth/check');
    expect(client.apiUrl('/api/x')).toBe('https://api.example.com/api/x');
  });
});
