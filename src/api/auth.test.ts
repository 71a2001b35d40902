import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { MemoryStorage, spyOnFetch } from '@/test/fetchSpy';

import { forgotPassword, getUserDetails, resetPassword, signIn, signUp, updateUser } from './auth';
import { checkAuth, isProfileFilled, signOut } from './session';

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  localStorage.setItem('authtoken', 'customer-token');
  localStorage.setItem('authtoken_admin', 'admin-token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PROFILE = {
  name: 'Ann',
  address: '1 Rose St',
  phno: '5551234567',
  cardHolderName: 'Ann Lee',
  cardNumber: '4242424242424242',
  cvv: '123',
  cardExpirationMonth: 4,
  cardExpirationYear: new Date().getFullYear() + 1,
  billingZipCode: '12345',
};

// One row per call: what goes over the wire.
const CALLS = [
  {
    name: 'checkAuth',
    run: () => checkAuth().then((answered) => answered.body),
    url: '/api/auth/check',
    method: 'GET',
    token: 'customer-token',
    body: undefined,
  },
  {
    name: 'isProfileFilled',
    run: () => isProfileFilled(),
    url: '/api/auth/isProfileFilled',
    method: 'GET',
    token: 'customer-token',
    body: undefined,
  },
  {
    name: 'signIn',
    run: () => signIn({ email: 'a@example.com', password: 'secret-pass' }),
    url: '/api/auth/loginuser',
    method: 'POST',
    token: undefined,
    body: { email: 'a@example.com', password: 'secret-pass' },
  },
  {
    name: 'signUp',
    run: () => signUp({ name: 'Ann', email: 'a@example.com', password: 'secret-pass' }),
    url: '/api/auth/createUser',
    method: 'POST',
    token: undefined,
    body: { name: 'Ann', email: 'a@example.com', password: 'secret-pass' },
  },
  {
    name: 'signOut',
    run: () => signOut(),
    url: '/api/auth/logout',
    method: 'POST',
    token: 'customer-token',
    body: undefined,
  },
  {
    name: 'forgotPassword',
    run: () => forgotPassword('a@example.com'),
    url: '/api/auth/forgot-password',
    method: 'POST',
    token: undefined,
    body: { email: 'a@example.com' },
  },
  {
    name: 'resetPassword',
    run: () => resetPassword('tok-123', 'new-password'),
    url: '/api/auth/reset-password',
    method: 'POST',
    token: undefined,
    body: { token: 'tok-123', password: 'new-password' },
  },
  {
    name: 'getUserDetails',
    run: () => getUserDetails(),
    url: '/api/auth/getUserDetails',
    method: 'GET',
    token: 'customer-token',
    body: undefined,
  },
  {
    name: 'updateUser',
    run: () => updateUser(PROFILE),
    url: '/api/auth/updateUser',
    method: 'PUT',
    token: 'customer-token',
    body: PROFILE,
  },
] as const;

describe('customer auth calls', () => {
  it.each(CALLS)('$name sends $method $url', async ({ run, url, method, token, body }) => {
    const { spy, sent } = spyOnFetch();
    await expect(run()).resolves.toEqual({ success: true });
    expect(spy).toHaveBeenCalledTimes(1);
    const request = sent();
    expect(request.url).toBe(url);
    expect(request.init.method).toBe(method);
    expect(request.headers['auth-token']).toBe(token);
    if (body === undefined) {
      expect(request.init.body).toBeUndefined();
      expect(request.headers['Content-Type']).toBeUndefined();
    } else {
      expect(request.headers['Content-Type']).toBe('application/json');
      expect(JSON.parse(request.init.body as string)).toEqual(body);
    }
  });

  it('never sends the admin token on a customer call', async () => {
    const { sent } = spyOnFetch();
    for (const call of CALLS) {
      await call.run();
      expect(sent().headers['auth-token']).not.toBe('admin-token');
    }
  });

  it('sends the auth check in cors mode, uncached, without a referrer', async () => {
    const { sent } = spyOnFetch();
    await checkAuth();
    expect(sent().init).toMatchObject({ mode: 'cors', cache: 'no-store', referrerPolicy: 'no-referrer' });
  });

  it('answers the token of a successful sign-in', async () => {
    spyOnFetch(() => Response.json({ success: true, authtoken: 'new-token' }));
    await expect(signIn({ email: 'a@example.com', password: 'x' })).resolves.toEqual({
      success: true,
      authtoken: 'new-token',
    });
  });
});
