import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';

import { PASSWORD } from '../support/fixtures';
import { signInOnAdminForm, uniqueEmail } from './support';
import { expect, test } from './test';

/**
 * Signed-in devices (issue 21): two browsers signed in to one account; one sees both in its list, signs the other
 * out, and the other's next call is refused. The other browser tells itself apart by its User-Agent.
 */

const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';

/** A second browser (its own storage and cookies) at the same server, as Firefox on Linux. */
async function otherBrowser(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, userAgent: FIREFOX_ON_LINUX });
  return context.newPage();
}

async function seriousViolations(page: Page, include: string) {
  const results = await new AxeBuilder({ page }).include(include).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

const devicesList = (page: Page) => page.getByRole('list', { name: 'Signed-in devices' });

test('a customer sees both browsers, signs the other out, and its next call is refused', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail('devices');
  const signUp = await page.request.post('/api/auth/createUser', {
    data: { name: 'Dee Vice', email, password: PASSWORD },
  });
  expect(signUp.status()).toBe(201);
  // Only the two browsers' sessions remain.
  const apiToken = ((await signUp.json()) as { authtoken: string }).authtoken;
  await page.request.post('/api/auth/logout', { headers: { 'auth-token': apiToken } });

  const signIn = async (p: Page) => {
    await p.goto('/signin');
    await p.getByLabel('Email').fill(email);
    await p.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await p.getByRole('button', { name: 'Sign In' }).click();
    await expect(p).toHaveURL(/\/$/);
  };
  const other = await otherBrowser(browser, baseURL!);
  await signIn(page);
  await signIn(other);
  const otherToken = await other.evaluate(() => localStorage.getItem('authtoken'));

  await page.goto('/profile');
  const items = devicesList(page).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('This device');
  await expect(items.nth(1)).toContainText('Firefox 121 on Linux');
  await page.getByRole('heading', { name: 'Signed-in devices' }).scrollIntoViewIfNeeded();
  expect(await seriousViolations(page, 'section:has(ul[aria-label="Signed-in devices"])')).toEqual([]);

  await page.getByRole('button', { name: /^Sign out Firefox 121 on Linux/ }).click();
  await expect(page.getByText('Firefox 121 on Linux was signed out.')).toBeVisible();
  await expect(items).toHaveCount(1);

  // Its very next call is refused, and the screen sends it to sign in.
  const check = await other.request.get('/api/auth/check', { headers: { 'auth-token': otherToken ?? '' } });
  expect(check.status()).toBe(401);
  await other.goto('/profile');
  await expect(other).toHaveURL(/\/signin$/);
  // This browser is still signed in.
  await page.reload();
  await expect(devicesList(page).getByRole('listitem')).toHaveCount(1);
  await other.context().close();
});

test('an admin signs every other session out from /admin/account', async ({ page, browser, baseURL }) => {
  const adminSignIn = async (p: Page) => {
    await p.goto('/admin');
    await signInOnAdminForm(p);
  };
  const other = await otherBrowser(browser, baseURL!);
  await adminSignIn(page);
  await adminSignIn(other);

  await page.getByRole('link', { name: 'Your account' }).click();
  await expect(page).toHaveURL(/\/admin\/account$/);
  await expect(page.getByRole('heading', { name: 'Your admin account' })).toBeVisible();
  const list = devicesList(page);
  await expect(list.getByRole('listitem').first()).toContainText('This device');
  await expect(list.getByText('Firefox 121 on Linux')).toBeVisible();
  expect(await seriousViolations(page, 'main')).toEqual([]);

  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByText('Every other device was signed out. This one stays signed in.')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);

  await other.goto('/adminorders');
  await expect(other).toHaveURL(/\/admin$/);
  await page.goto('/adminorders');
  await expect(page).toHaveURL(/\/adminorders$/);
  await other.context().close();
});
