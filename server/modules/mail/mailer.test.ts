import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createMailer } from './mailer';
import { isOutboxMail } from './outboxFiles';

/**
 * The outbox is the delivery when SMTP_URL is unset, and people (and tests) open its newest `.eml`.
 * A write cut short (a SIGKILL, a full disk) must never leave a partial `.eml` there. The file system's
 * writeFile is intercepted so that it writes half of the data, lets the test look at the outbox, and then
 * either finishes or fails as a full disk would.
 */
const write = vi.hoisted(() => ({
  /** Runs after the first half is written; a thrown error is the write's failure. */
  midway: null as null | ((file: string) => void),
}));

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  const writeFile: typeof actual.writeFile = async (file, data, options) => {
    if (!write.midway || typeof file !== 'string' || !Buffer.isBuffer(data))
      return actual.writeFile(file, data, options);
    const half = Math.floor(data.length / 2);
    await actual.writeFile(file, data.subarray(0, half), options);
    write.midway(file);
    await actual.appendFile(file, data.subarray(half));
  };
  return { ...actual, writeFile, default: { ...actual, writeFile } };
});

let outbox: string;
beforeEach(() => {
  outbox = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'giftwise-mailer-')), 'outbox');
});
afterEach(() => {
  write.midway = null;
  fs.rmSync(path.dirname(outbox), { recursive: true, force: true });
});

const mailer = () =>
  createMailer({
    from: 'Giftwise <no-reply@giftwise.local>',
    outboxDir: outbox,
    log: { info: () => undefined } as unknown as FastifyBaseLogger,
  });
const mail = { to: 'someone@example.com', subject: 'Hello', text: 'x'.repeat(5000) };
const emlFiles = () => fs.readdirSync(outbox).filter(isOutboxMail);

describe('the outbox (SMTP_URL unset)', () => {
  it('shows no .eml while the message is being written, then the whole message', async () => {
    const seenMidway: string[][] = [];
    write.midway = () => seenMidway.push(emlFiles());
    await mailer().send(mail);

    expect(seenMidway).toEqual([[]]);
    const files = fs.readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const text = fs.readFileSync(path.join(outbox, files[0]), 'utf8');
    expect(text).toContain('To: someone@example.com');
    expect(text).toContain('x'.repeat(70));
    expect(text.trimEnd().endsWith('x')).toBe(true);
    expect(fs.statSync(path.join(outbox, files[0])).mode & 0o777).toBe(0o600);
  });

  it('leaves nothing in the outbox when the write fails midway', async () => {
    write.midway = () => {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    };
    await expect(mailer().send(mail)).rejects.toThrow(/ENOSPC/);
    expect(fs.readdirSync(outbox)).toEqual([]);
  });

  it('writes an email with an HTML part as multipart/alternative: the text first, then the HTML', async () => {
    await mailer().send({
      to: 'someone@example.com',
      subject: 'Both parts',
      text: 'Plain words: https://giftwise.example/orders',
      html: '<!DOCTYPE html><html><body><a href="https://giftwise.example/orders">Orders</a></body></html>',
    });
    const [file] = emlFiles();
    const eml = fs.readFileSync(path.join(outbox, file), 'utf8');
    expect(eml).toMatch(/^Content-Type: multipart\/alternative;\s+boundary=/m);
    const text = eml.indexOf('Content-Type: text/plain');
    const html = eml.indexOf('Content-Type: text/html');
    expect(text).toBeGreaterThan(0);
    expect(html).toBeGreaterThan(text);
    expect(eml.slice(text, html)).toContain('Plain words: https://giftwise.example/orders');
    expect(
      eml
        .slice(html)
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    ).toContain('<a href="https://giftwise.example/orders">Orders</a>');
  });

  it('tells messages from anything else in the folder', () => {
    expect(isOutboxMail('1764000000000-abc@giftwise.local.eml')).toBe(true);
    expect(isOutboxMail('.1764000000000-abc@giftwise.local.eml.tmp')).toBe(false);
  });
});
