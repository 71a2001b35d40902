import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { call, COMPLETE_PROFILE, PASSWORD, uniqueEmail } from './helpers';

/** Runs a full customer journey with logging at its most verbose, then reads every line the server wrote. */
describe('logs', () => {
  const lines: string[] = [];
  const secrets: string[] = [];
  let dataDir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giftwise-log-'));
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    app = await buildApp(loadConfig({ DATA_DIR: dataDir, STATIC_DIR: '', PUBLIC_URL: 'http://app.test' }), {
      logger: { stream, level: 'trace' },
    });

    const email = uniqueEmail('logs');
    const signUp = await call(app, { method: 'POST', url: '/api/auth/createUser', payload: { name: 'Log Tester', email, password: PASSWORD } });
    const token = signUp.body.authtoken as string;
    const profile = { ...COMPLETE_PROFILE, cardNumber: '4000 0566 5566 5556', cvv: '731' };
    await call(app, { method: 'PUT', url: '/api/auth/updateUser', token, payload: profile });
    const signIn = await call(app, { method: 'POST', url: '/api/auth/loginuser', payload: { email, password: PASSWORD } });
    await call(app, { method: 'POST', url: '/api/auth/loginuser', payload: { email, password: 'a wrong password' } });
    await call(app, { method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const outbox = path.join(dataDir, 'outbox');
    const mail = fs.readFileSync(path.join(outbox, fs.readdirSync(outbox)[0]), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const resetToken = /resetpass\/([\w-]+)/.exec(mail)![1];
    await call(app, { method: 'POST', url: '/api/auth/reset-password', payload: { token: resetToken, password: 'the new secret pw' } });
    await call(app, { method: 'GET', url: '/api/auth/check', token: 'forged-token-value-123' });
    // Completion lines are written after inject() resolves; closing the app waits for them.
    await app.close();
    secrets.push(PASSWORD, 'a wrong password', 'the new secret pw', token, signIn.body.authtoken as string, resetToken, '4000056655665556', '4000 0566 5566 5556', '731', 'forged-token-value-123');
  });

  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('are JSON lines, each request tagged with its id', () => {
    expect(lines.length).toBeGreaterThan(10);
    const parsed = lines.map((l) => JSON.parse(l) as { reqId?: string; msg: string });
    const requestLines = parsed.filter((l) => l.msg === 'request completed');
    expect(requestLines).toHaveLength(7);
    for (const l of requestLines) expect(l.reqId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never contain a password, token, reset token, card number or CVV', () => {
    const log = lines.join('\n');
    for (const secret of secrets) expect(log, `log contains ${secret}`).not.toContain(secret);
  });
});
