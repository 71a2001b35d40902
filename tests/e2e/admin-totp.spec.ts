import type { Page } from '@playwright/test';

import { hashPassword } from '../../server/lib/secrets';
import { seriousViolations } from './axe';
import { freshTotpCode } from './support';
import { expect, test } from './test';

/**
 * The admin's second factor in the browser (issue 21, section 2): an admin without one enrols an authenticator app
 * at sign-in, signs out, and signs in again with a code, then with a recovery code.
 */

/** An admin as `npm run admin -- add` leaves one: no second factor yet. Written before this file's server starts. */
const NEW_ADMIN = { email: 'new-staff@example.com', password: 'new staff password 7' };
test.use({
  seed: {
    write: async (db) => {
      await db.query('insert into admins (email, password_hash) values ($1, $2)', [
        NEW_ADMIN.email,
        await hashPassword(NEW_ADMIN.password),
      ]);
    },
  },
});

async function signInWithPassword(page: Page) {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(NEW_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(NEW_ADMIN.password);
  await page.getByRole('button', { name: 'SignIn' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  expect(await page.evaluate(() => localStorage.getItem('authtoken_admin'))).toBeNull();
}

test('an admin enrols TOTP, signs out, signs in with a code, then with a recovery code', async ({ page }) => {
  let secret = '';
  let recoveryCodes: string[] = [];

  await test.step('1. the first sign-in leads to the enrolment, which passes axe', async () => {
    await signInWithPassword(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
    secret = (await page.getByLabel('Secret key').textContent())!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // Nothing stored yet: the enrol-only token opens nothing else.
    expect(await page.evaluate(() => localStorage.getItem('authtoken_admin'))).toBeNull();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
  });

  await test.step('2. a code from the app confirms it; the ten recovery codes are shown once', async () => {
    await page.getByLabel('Code from the app').fill(await freshTotpCode(secret));
    await page.getByRole('button', { name: 'Confirm' }).click();
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    recoveryCodes = await list.getByRole('listitem').allTextContents();
    expect(await seriousViolations(page)).toEqual([]);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('giftwise-recovery-codes.txt');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page).toHaveURL(/\/adminorders$/);
    await expect(page.getByRole('heading', { level: 1, name: 'New Orders' })).toBeVisible();
  });

  await test.step('3. signed out, the password alone is not enough; a code signs in', async () => {
    await signOut(page);
    await signInWithPassword(page);
    const code = page.getByLabel('Authentication code');
    await expect(code).toBeVisible();
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await expect(page).toHaveURL(/\/admin$/);
    await code.fill(await freshTotpCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/adminorders$/);
    await expect(page.getByRole('heading', { level: 1, name: 'New Orders' })).toBeVisible();
  });

  await test.step('4. a recovery code signs in once', async () => {
    await signOut(page);
    await signInWithPassword(page);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/adminorders$/);
    await signOut(page);
    await signInWithPassword(page);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'That code is not valid' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
  });
});
