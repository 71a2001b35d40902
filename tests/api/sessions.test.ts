import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CURRENT_PASSWORD_WRONG } from '#contract/sessions';

import { hashToken } from '../../server/lib/secrets';
import { VERIFICATION_SUBJECT } from '../../server/modules/accounts/accountEmails';
import { ADMIN_ENV, adminLogin, adminSignInOverHttp, TEST_ADMIN } from './admin.helpers';
import {
  call,
  PASSWORD,
  signUp,
  startTestApp,
  unfoldMail,
  verifyAddress,
  waitForMailsTo,
  type TestApp,
} from './helpers';

/**
 * Signed-in devices (issue 21, sections 2 and 4): each session's device and last use, the lists and sign-outs of
 * customers and admins, admin idle and absolute expiry, and the admin's change of password.
 */

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';

let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  t = await startTestApp(ADMIN_ENV);
  app = t.app;
});
afterAll(() => t.close());

interface Device {
  id: string;
  current: boolean;
  createdAt: string;
  lastSeenAt: string;
  browser: string | null;
  os: string | null;
  address: string | null;
}

async function customerSignIn(email: string, userAgent = CHROME_ON_WINDOWS, address = '203.0.113.7') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/loginuser',
    payload: { email, password: PASSWORD },
    headers: { 'user-agent': userAgent },
    remoteAddress: address,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { authtoken: string }).authtoken;
}

function adminSignIn(userAgent = CHROME_ON_WINDOWS) {
  return adminSignInOverHttp(app, { headers: { 'user-agent': userAgent }, remoteAddress: '198.51.100.4' });
}

const AREAS = {
  customer: { base: '/api/auth/sessions', check: '/api/auth/check', checkMethod: 'GET' },
  admin: { base: '/api/admin/sessions', check: '/api/admin/check', checkMethod: 'GET' },
} as const;

async function devices(kind: keyof typeof AREAS, token: string): Promise<Device[]> {
  const res = await call(app, { method: 'GET', url: AREAS[kind].base, token });
  expect(res.status).toBe(200);
  return res.body.sessions as Device[];
}

async function alive(kind: keyof typeof AREAS, token: string): Promise<boolean> {
  const res = await call(app, { method: AREAS[kind].checkMethod, url: AREAS[kind].check, token });
  if (res.status !== 200 && res.status !== 401) throw new Error(`check answered ${res.status}`);
  return res.status === 200;
}

/** Moves this session's clock back: every timestamp of its row `interval` earlier, then its last use as given. */
async function age(token: string, interval: string, lastSeen: 'kept' | 'now' = 'kept') {
  await app.db.query(
    `update sessions set created_at = created_at - $2::interval, expires_at = expires_at - $2::interval,
            last_seen_at = case when $3 = 'now' then now() else last_seen_at - $2::interval end
      where token_hash = $1`,
    [hashToken(token), interval, lastSeen],
  );
}

async function lastSeen(token: string): Promise<Date> {
  const { rows } = await app.db.query<{ last_seen_at: Date }>(
    'select last_seen_at from sessions where token_hash = $1',
    [hashToken(token)],
  );
  return new Date(rows[0].last_seen_at);
}

describe('admin session expiry', () => {
  it('ends an admin session idle for more than 30 minutes, and not one idle for 29', async () => {
    const idle = await adminSignIn();
    const recent = await adminSignIn();
    await age(idle, '31 minutes');
    await age(recent, '29 minutes');
    expect(await alive('admin', idle)).toBe(false);
    expect(await alive('admin', recent)).toBe(true);
    // That use counted: it is as good as new for another 30 minutes.
    expect(Date.now() - (await lastSeen(recent)).getTime()).toBeLessThan(60_000);
  });

  it('ends an admin session 12 hours after sign-in however busy it was', async () => {
    const young = await adminSignIn();
    const old = await adminSignIn();
    await age(young, '11 hours 50 minutes', 'now');
    await age(old, '12 hours 1 minute', 'now');
    expect(await alive('admin', young)).toBe(true);
    expect(await alive('admin', old)).toBe(false);
  });

  it('leaves customer sessions their 30 days, idle or not', async () => {
    const { token } = await signUp(app);
    await age(token, '13 hours');
    expect(await alive('customer', token)).toBe(true);
    const { rows } = await app.db.query<{ days: number }>(
      `select extract(epoch from expires_at - created_at) / 86400 as days from sessions where token_hash = $1`,
      [hashToken(token)],
    );
    expect(Number(rows[0].days)).toBeCloseTo(30, 3);
  });

  it('honours ADMIN_SESSION_IDLE_MINUTES and ADMIN_SESSION_MAX_HOURS', async () => {
    const other = await startTestApp({ ...ADMIN_ENV, ADMIN_SESSION_IDLE_MINUTES: '5', ADMIN_SESSION_MAX_HOURS: '1' });
    try {
      const login = () => adminSignInOverHttp(other.app);
      const [idle, old] = [await login(), await login()];
      const shift = (token: string, interval: string, lastSeenNow: boolean) =>
        other.app.db.query(
          `update sessions set created_at = created_at - $2::interval, expires_at = expires_at - $2::interval,
                  last_seen_at = case when $3 then now() else last_seen_at - $2::interval end where token_hash = $1`,
          [hashToken(token), interval, lastSeenNow],
        );
      await shift(idle, '6 minutes', false);
      await shift(old, '61 minutes', true);
      for (const token of [idle, old]) {
        expect((await call(other.app, { method: 'GET', url: '/api/admin/check', token })).status).toBe(401);
      }
    } finally {
      await other.close();
    }
  });
});

describe('last use', () => {
  it('is recorded at most once a minute, by the session check itself', async () => {
    const { token } = await signUp(app);
    await age(token, '5 minutes');
    const before = await lastSeen(token);
    expect(await alive('customer', token)).toBe(true);
    const touched = await lastSeen(token);
    expect(touched.getTime() - before.getTime()).toBeGreaterThan(4 * 60_000);

    // Within the minute: no write.
    await app.db.query(`update sessions set last_seen_at = now() - interval '30 seconds' where token_hash = $1`, [
      hashToken(token),
    ]);
    const halfMinute = await lastSeen(token);
    expect(await alive('customer', token)).toBe(true);
    expect((await lastSeen(token)).getTime()).toBe(halfMinute.getTime());
  });

  it('is recorded by the orders list, which checks the session in its own statement', async () => {
    const { token } = await signUp(app);
    await age(token, '10 minutes');
    const before = await lastSeen(token);
    const res = await app.inject({ method: 'GET', url: '/api/gifts/getgifts', headers: { 'auth-token': token } });
    expect(res.statusCode).toBe(200);
    expect((await lastSeen(token)).getTime() - before.getTime()).toBeGreaterThan(9 * 60_000);
  });
});

describe.each(['customer', 'admin'] as const)('%s signed-in devices', (kind) => {
  /** Two sessions of one account of this kind, from two devices; and a session of another account. */
  async function twoDevices() {
    if (kind === 'admin') {
      return { here: await adminSignIn(CHROME_ON_WINDOWS), there: await adminSignIn(FIREFOX_ON_LINUX) };
    }
    const { email } = await signUp(app);
    return { here: await customerSignIn(email), there: await customerSignIn(email, FIREFOX_ON_LINUX, '192.0.2.9') };
  }

  it('lists the live sessions with when, browser, system and address, this one marked, no token or hash', async () => {
    const { here, there } = await twoDevices();
    const list = await devices(kind, here);
    const mine = list.find((d) => d.current);
    const other = list.find((d) => !d.current && d.browser?.startsWith('Firefox'));
    expect(list.filter((d) => d.current)).toHaveLength(1);
    expect(mine).toMatchObject({ browser: 'Chrome 120', os: 'Windows 10' });
    expect(other).toMatchObject({ os: 'Linux' });
    expect(mine?.address).toBe(kind === 'admin' ? '198.51.100.4' : '203.0.113.7');
    expect(mine?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(mine?.createdAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(mine?.lastSeenAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const text = JSON.stringify(list);
    for (const token of [here, there]) {
      expect(text).not.toContain(token);
      expect(text).not.toContain(hashToken(token));
    }
    // A session signed out is no longer listed.
    await call(app, { method: 'POST', url: kind === 'admin' ? '/api/admin/logout' : '/api/auth/logout', token: there });
    expect((await devices(kind, here)).some((d) => d.id === other?.id)).toBe(false);
  });

  it('signs out one other device by its id; that token is refused at once, this one stays', async () => {
    const { here, there } = await twoDevices();
    const other = (await devices(kind, there)).find((d) => d.current);
    const res = await call(app, { method: 'DELETE', url: `${AREAS[kind].base}/${other?.id}`, token: here });
    expect(res).toEqual({ status: 200, body: { success: true } });
    expect(await alive(kind, there)).toBe(false);
    expect(await alive(kind, here)).toBe(true);
    // Again: it is gone.
    const again = await call(app, { method: 'DELETE', url: `${AREAS[kind].base}/${other?.id}`, token: here });
    expect(again.status).toBe(404);
  });

  it('signs out everywhere else, keeping this session', async () => {
    const { here, there } = await twoDevices();
    const res = await call(app, { method: 'POST', url: `${AREAS[kind].base}/sign-out-others`, token: here });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.signedOut).toBeGreaterThanOrEqual(1);
    expect(await alive(kind, there)).toBe(false);
    expect(await alive(kind, here)).toBe(true);
    expect((await devices(kind, here)).map((d) => d.current)).toEqual([true]);
  });

  it('answers 404 for an unknown or malformed id, changing nothing', async () => {
    const { here } = await twoDevices();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', hashToken(here)]) {
      const res = await call(app, { method: 'DELETE', url: `${AREAS[kind].base}/${id}`, token: here });
      expect(res.status).toBe(404);
      expect(res.body.success).toBe(false);
    }
    expect(await alive(kind, here)).toBe(true);
  });

  it('refuses calls without a session of this kind', async () => {
    const { token: customer } = await signUp(app);
    const admin = await adminSignIn();
    const wrong = kind === 'admin' ? customer : admin;
    for (const [method, url] of [
      ['GET', AREAS[kind].base],
      ['POST', `${AREAS[kind].base}/sign-out-others`],
      ['DELETE', `${AREAS[kind].base}/00000000-0000-4000-8000-000000000000`],
    ] as const) {
      expect((await call(app, { method, url })).status).toBe(401);
      expect((await call(app, { method, url, token: wrong })).status).toBe(401);
    }
    expect(await alive('customer', customer)).toBe(true);
    expect(await alive('admin', admin)).toBe(true);
  });
});

describe('sessions are each account’s own', () => {
  it("another customer's session id answers 404 and stays signed in", async () => {
    const { token: mallory } = await signUp(app);
    const { token: victim } = await signUp(app);
    const [victimDevice] = await devices('customer', victim);
    const res = await call(app, { method: 'DELETE', url: `/api/auth/sessions/${victimDevice.id}`, token: mallory });
    expect(res.status).toBe(404);
    await call(app, { method: 'POST', url: '/api/auth/sessions/sign-out-others', token: mallory });
    expect(await alive('customer', victim)).toBe(true);
    expect((await devices('customer', mallory)).map((d) => d.id)).not.toContain(victimDevice.id);
  });

  it("an admin's session id is not a customer's to end, nor the reverse", async () => {
    const { token: customer } = await signUp(app);
    const admin = await adminSignIn();
    const [adminDevice] = (await devices('admin', admin)).filter((d) => d.current);
    const [customerDevice] = await devices('customer', customer);
    const fromCustomer = await call(app, {
      method: 'DELETE',
      url: `/api/auth/sessions/${adminDevice.id}`,
      token: customer,
    });
    const fromAdmin = await call(app, {
      method: 'DELETE',
      url: `/api/admin/sessions/${customerDevice.id}`,
      token: admin,
    });
    expect([fromCustomer.status, fromAdmin.status]).toEqual([404, 404]);
    // Signing out everywhere else as an admin leaves customers alone, and the reverse.
    await call(app, { method: 'POST', url: '/api/admin/sessions/sign-out-others', token: admin });
    await call(app, { method: 'POST', url: '/api/auth/sessions/sign-out-others', token: customer });
    expect(await alive('admin', admin)).toBe(true);
    expect(await alive('customer', customer)).toBe(true);
  });
});

describe('PUT /api/admin/password', () => {
  /** A second admin of its own, so changing its password leaves the shared one alone. */
  async function ownAdmin() {
    const email = `pw-${Math.random().toString(36).slice(2)}@example.com`;
    const { createAdmin } = await import('../../server/modules/admin/admins');
    await createAdmin(app.db, email, 'first-password-9');
    const here = await adminLogin(app, email, 'first-password-9');
    const there = await adminLogin(app, email, 'first-password-9');
    return { email, here, there };
  }

  it('changes the password and ends the admin’s other sessions, keeping this one', async () => {
    const { email, here, there } = await ownAdmin();
    const res = await call(app, {
      method: 'PUT',
      url: '/api/admin/password',
      token: here,
      payload: { currentPassword: 'first-password-9', newPassword: 'second-password-8' },
    });
    expect(res).toEqual({ status: 200, body: { success: true } });
    expect(await alive('admin', here)).toBe(true);
    expect(await alive('admin', there)).toBe(false);
    const old = await call(app, {
      method: 'POST',
      url: '/api/admin/login',
      payload: { email, password: 'first-password-9' },
    });
    expect(old.status).toBe(401);
    await adminLogin(app, email, 'second-password-8');
    // Another admin's sessions are untouched.
    expect(await alive('admin', await adminLogin(app))).toBe(true);
    // The admin is told, as a customer is, with the way to their own account page.
    const [notice] = await waitForMailsTo(t.dataDir, email);
    expect(notice).toContain('Subject: Your Giftwise password was changed');
    expect(unfoldMail(notice)).toContain('http://app.test/admin/account');
    expect(notice).not.toContain('second-password-8');
  });

  it('refuses a wrong current password with 403 and a weak new one with 400, changing nothing', async () => {
    const { email, here, there } = await ownAdmin();
    for (const [payload, status, error] of [
      [{ currentPassword: 'wrong-password-1', newPassword: 'second-password-8' }, 403, CURRENT_PASSWORD_WRONG],
      [{ currentPassword: 'first-password-9', newPassword: 'short' }, 400, /^New password must be at least 8/],
      [{ currentPassword: 'first-password-9', newPassword: email }, 400, /^New password must not be your email/],
      [{ currentPassword: 'first-password-9', newPassword: 'password123' }, 400, /^New password is too common/],
      [{ currentPassword: 'first-password-9' }, 400, /^New password is required/],
    ] as const) {
      const res = await call(app, { method: 'PUT', url: '/api/admin/password', token: here, payload });
      expect(res.status).toBe(status);
      expect(res.body.error).toMatch(error);
    }
    expect(await alive('admin', there)).toBe(true);
    await adminLogin(app, email, 'first-password-9');
  });

  it('refuses a customer token', async () => {
    const { token } = await signUp(app);
    const res = await call(app, {
      method: 'PUT',
      url: '/api/admin/password',
      token,
      payload: { currentPassword: PASSWORD, newPassword: 'second-password-8' },
    });
    expect(res.status).toBe(401);
  });
});

describe('PUT /api/auth/password', () => {
  const NEW_PASSWORD = 'second-password-8';
  const change = (token: string, payload: Record<string, unknown>) =>
    call(app, { method: 'PUT', url: '/api/auth/password', token, payload });

  /** The subjects of the mail queued to this address, but the verification link sign-up sends. */
  async function queuedSubjects(email: string): Promise<string[]> {
    const { rows } = await app.db.query<{ subject: string }>(
      'select subject from mail_queue where to_address = $1 and subject <> $2 order by id',
      [email, VERIFICATION_SUBJECT],
    );
    return rows.map((r) => r.subject);
  }

  /** A customer signed in twice, with a verified address (the notice waits for one), as "here" and "there". */
  async function twoSessions() {
    const { token: here, email } = await signUp(app);
    await verifyAddress(t, email);
    return { email, here, there: await customerSignIn(email, FIREFOX_ON_LINUX) };
  }

  it('changes the password, ends the other sessions, keeps this one and emails the owner', async () => {
    const { email, here, there } = await twoSessions();
    const other = await signUp(app);
    const res = await change(here, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(res).toEqual({ status: 200, body: { success: true } });
    expect(await alive('customer', here)).toBe(true);
    expect(await alive('customer', there)).toBe(false);
    // Another customer's sessions are untouched.
    expect(await alive('customer', other.token)).toBe(true);
    const signIn = (password: string) =>
      call(app, { method: 'POST', url: '/api/auth/loginuser', payload: { email, password } });
    expect((await signIn(PASSWORD)).status).toBe(401);
    expect((await signIn(NEW_PASSWORD)).status).toBe(200);
    expect(await queuedSubjects(email)).toEqual(['Your Giftwise password was changed']);
    const [notice] = await waitForMailsTo(t.dataDir, email);
    expect(notice).toContain('Subject: Your Giftwise password was changed');
    expect(unfoldMail(notice)).toContain('http://app.test/forgotpass');
    expect(notice).not.toContain(NEW_PASSWORD);
  });

  it('refuses a wrong current password with 403 naming the field, changing nothing', async () => {
    const { email, here, there } = await twoSessions();
    const res = await change(here, { currentPassword: 'wrong-password-1', newPassword: NEW_PASSWORD });
    expect(res).toEqual({ status: 403, body: { success: false, error: CURRENT_PASSWORD_WRONG } });
    expect(CURRENT_PASSWORD_WRONG).toMatch(/^Current password /);
    expect(await alive('customer', here)).toBe(true);
    expect(await alive('customer', there)).toBe(true);
    await customerSignIn(email);
    expect(await queuedSubjects(email)).toEqual([]);
  });

  it('refuses a new password the sign-up rules refuse with 400 naming the new password, changing nothing', async () => {
    const { email, here, there } = await twoSessions();
    for (const [payload, error] of [
      [{ currentPassword: PASSWORD, newPassword: 'short' }, /^New password must be at least 8 characters/],
      [{ currentPassword: PASSWORD, newPassword: email }, /^New password must not be your email/],
      [{ currentPassword: PASSWORD, newPassword: 'password123' }, /^New password is too common/],
      [{ currentPassword: PASSWORD, newPassword: 'aaaaaaaaaa' }, /^New password must not be one character/],
      [{ currentPassword: PASSWORD }, /^New password is required/],
      [{ newPassword: NEW_PASSWORD }, /^Current password is required/],
      [{ currentPassword: PASSWORD, newPassword: NEW_PASSWORD, extra: 1 }, /extra/],
    ] as const) {
      const res = await change(here, payload);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(error);
    }
    expect(await alive('customer', there)).toBe(true);
    await customerSignIn(email);
  });

  it('counts wrong current passwords on the browser the session signed in from (its device credential)', async () => {
    const { email, here } = await twoSessions();
    for (let i = 0; i < 5; i++) {
      expect((await change(here, { currentPassword: `wrong-password-${i}`, newPassword: NEW_PASSWORD })).status).toBe(
        403,
      );
    }
    // The right password now waits too, in this session: its browser's count (decision 0041)…
    const res = await call(app, {
      method: 'PUT',
      url: '/api/auth/password',
      token: here,
      payload: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(429);
    expect(res.body.error).toMatch(/^Too many failed sign-ins from this browser\. Try again in \d+ seconds?\.$/);
    // …which holds no other browser: before decision 0041 one count per account held the owner everywhere.
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/loginuser',
      payload: { email, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('refuses an admin token and no token with 401', async () => {
    const admin = await adminLogin(app);
    for (const token of [admin, undefined]) {
      const res = await call(app, {
        method: 'PUT',
        url: '/api/auth/password',
        token,
        payload: { currentPassword: TEST_ADMIN.password, newPassword: NEW_PASSWORD },
      });
      expect(res.status).toBe(401);
    }
  });
});
