import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/** Collects the text of every alert() the page shows, accepting each one. */
export function collectAlerts(page: Page): string[] {
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  return alerts;
}

/** Matches ADMIN_EMAIL / ADMIN_PASSWORD given to the e2e server in playwright.config.ts. */
export const E2E_ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password' };

let counter = 0;
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.com`;
}

/**
 * The newest email in the server's outbox (SMTP_URL is unset in tests) sent to `to`. Mail goes out
 * from the server's queue in the background, so this waits for it (up to `timeoutMs`).
 */
export async function latestMailTo(to: string, timeoutMs = 10_000): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort() : [];
    for (const file of files.reverse()) {
      const text = fs.readFileSync(path.join(outbox, file), 'utf8');
      if (text.includes(`To: ${to}`)) return text;
    }
    if (Date.now() > deadline) throw new Error(`no email to ${to} in ${outbox}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The first http(s) link in a plain-text email, with quoted-printable soft breaks undone. */
export function linkIn(mail: string): string {
  const body = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /https?:\/\/\S+/.exec(body);
  if (!match) throw new Error('no link in email');
  return match[0];
}
