import type { Page } from '@playwright/test';

import { adminToken as workerAdminToken } from './public.support';
import { newCustomer } from './support';
import { expect, test } from './test';

/**
 * A stored session survives a check that got no answer. Only the server's refusal (401) may drop
 * the token: a check cut off by leaving the page, or by a flaky network, used to remove it, so the
 * next page load went out without a token and landed on /signin.
 */

const storedToken = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/** A new customer whose profile is complete (so /orders shows its screen), signed in by storing the token. */
async function signedInCustomer(page: Page): Promise<string> {
  const { token } = await newCustomer(page.request, 'Session Keeper');
  await page.goto('/about');
  await page.evaluate((t) => localStorage.setItem('authtoken', t), token);
  return token;
}

test('a session check that is cut off keeps the token, and the next page loads signed in', async ({ page }) => {
  const token = await signedInCustomer(page);
  const aborted: string[] = [];
  await page.route('**/api/auth/check', async (route) => {
    aborted.push(route.request().headers()['auth-token'] ?? '');
    await route.abort('connectionreset');
  });
  await page.goto('/');
  await expect.poll(() => aborted.length).toBeGreaterThan(0);
  // Treated as signed out for this view (the check got no answer)...
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  // ...but the token is kept for the next load.
  expect(await storedToken(page, 'authtoken')).toBe(token);

  await page.unroute('**/api/auth/check');
  await page.goto('/orders');
  await expect(page.getByRole('button', { name: 'Order +' })).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);
  expect(aborted).toEqual(aborted.map(() => token));
});

test('leaving a page while its session check is in flight keeps the session', async ({ page }) => {
  const token = await signedInCustomer(page);
  let held = 0;
  // Hold the first checks until the page that sent them is gone; later checks pass straight through.
  await page.route('**/api/auth/check', async (route) => {
    if (held >= 2) return route.continue();
    held += 1;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue().catch(() => undefined);
  });
  const checkSent = page.waitForRequest('**/api/auth/check');
  await page.goto('/orders', { waitUntil: 'commit' });
  await checkSent;
  await page.goto('/contact');
  await page.goto('/orders');
  await expect(page.getByRole('button', { name: 'Order +' })).toBeVisible();
  expect(await storedToken(page, 'authtoken')).toBe(token);
});

test('a refused session is dropped: a revoked token sends the customer to /signin', async ({ page }) => {
  const token = await signedInCustomer(page);
  const logout = await page.request.post('/api/auth/logout', { headers: { 'auth-token': token } });
  expect(logout.status()).toBe(200);
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/signin$/);
  await expect.poll(() => storedToken(page, 'authtoken')).toBeNull();
});

/**
 * A live admin session (this worker's: a sign-in takes a TOTP code, each accepted once), stored in the browser as the
 * admin sign-in would store it.
 */
async function signedInAdmin(page: Page): Promise<string> {
  const adminToken = await workerAdminToken(page.request);
  await page.goto('/admin');
  await page.evaluate((t) => localStorage.setItem('authtoken_admin', t), adminToken);
  return adminToken;
}

test('an admin whose check is cut off keeps the admin token; the next load opens the admin area', async ({ page }) => {
  const adminToken = await signedInAdmin(page);

  await page.route('**/api/admin/check', (route) => route.abort('connectionreset'), { times: 1 });
  await page.goto('/adminorders');
  // Not sent to /admin: the area waits, saying the server could not be reached (offline.spec.ts).
  await expect(page.getByRole('alert')).toHaveText(/Could not reach the server/);
  await expect(page).toHaveURL(/\/adminorders$/);
  expect(await storedToken(page, 'authtoken_admin')).toBe(adminToken);

  await page.goto('/adminorders');
  await expect(page.getByRole('heading', { name: 'New Orders' })).toBeVisible();
  expect(await storedToken(page, 'authtoken_admin')).toBe(adminToken);
});

test('leaving the admin area while its check is in flight keeps the admin session', async ({ page }) => {
  const adminToken = await signedInAdmin(page);
  let held = 0;
  // Hold the first check until the page that sent it is gone; later checks pass straight through.
  await page.route('**/api/admin/check', async (route) => {
    if (held >= 1) return route.continue();
    held += 1;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue().catch(() => undefined);
  });
  const checkSent = page.waitForRequest('**/api/admin/check');
  await page.goto('/adminorders', { waitUntil: 'commit' });
  await checkSent;
  await page.goto('/contact');
  await page.goto('/requests');
  await expect(page.getByRole('heading', { name: 'Requests', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/requests$/);
  expect(await storedToken(page, 'authtoken_admin')).toBe(adminToken);
});
