import type { Page } from '@playwright/test';

import { seriousViolations } from './axe';
import { adminToken } from './public.support';
import { newCustomer } from './support';
import { expect, test } from './test';

/**
 * A session check that cannot reach the server is no verdict on the session: the page on screen stays
 * (with what was typed into it), says the server could not be reached, and Retry carries on to the page
 * asked for. Only the server's refusal sends anyone to sign in (session.spec.ts).
 */

const UNREACHABLE = 'Could not reach the server. Check your connection and try again.';

let customerToken = '';
test.beforeAll(async ({ playwright, server }) => {
  const request = await playwright.request.newContext({ baseURL: server.url });
  customerToken = (await newCustomer(request, 'Offline Customer')).token;
  await request.dispose();
});

/** Stores the tokens and the colour mode before any page script runs. */
async function prepare(page: Page, items: Record<string, string>) {
  await page.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, items);
}

/** axe on the alert only: the screens under it are checked in a11y.spec.ts (a whole page takes seconds). */
const alertViolations = (page: Page) => seriousViolations(page, { include: '.server-unreachable' });

const alertOf = (page: Page) => page.getByRole('alert').filter({ hasText: UNREACHABLE });
const headerLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

test('offline, Orders from People & dates stays there signed in; back online, Retry opens Orders', async ({
  page,
  context,
}, testInfo) => {
  await prepare(page, { authtoken: customerToken, theme: 'light' });
  // Orders first, as a customer would: its code is then in the browser (a screen whose code never
  // arrived fails on its own terms, with RouteError's chunk message).
  await page.goto('/orders');
  await expect(page.getByRole('button', { name: 'Order +' })).toBeVisible();
  await headerLink(page, 'People & dates').click();
  await expect(page.getByRole('heading', { name: 'People & dates' })).toBeVisible();

  await context.setOffline(true);
  await headerLink(page, 'Orders').click();
  await expect(alertOf(page)).toBeVisible();
  await expect(page).toHaveURL(/\/people$/);
  await expect(page.getByRole('heading', { name: 'People & dates' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'SignOut' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authtoken'))).toBe(customerToken);
  expect(await alertViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('unreachable-light.png') });

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('button', { name: 'Order +' })).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(alertOf(page)).toHaveCount(0);
});

test('with the API cut off, a profile being edited keeps its text; Retry (keyboard) opens Orders', async ({
  page,
}, testInfo) => {
  await prepare(page, { authtoken: customerToken, theme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  // Only the API is cut off: the Orders screen's code still arrives.
  await page.goto('/profile');
  const address = page.getByLabel('Address');
  await address.fill('12 Unsent Lane');

  await page.route('**/api/**', (route) => route.abort());
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await headerLink(page, 'Orders').click();
  await expect(alertOf(page)).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(address).toHaveValue('12 Unsent Lane');
  expect(await alertViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('unreachable-dark-phone.png') });

  await page.unroute('**/api/**');
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Order +' })).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);
});

test('an admin opening the admin area with the API cut off stays on it; Retry opens it', async ({ page }, testInfo) => {
  const staffToken = await adminToken(page.request);
  await prepare(page, { authtoken_admin: staffToken, theme: 'light' });

  await page.route('**/api/**', (route) => route.abort());
  await page.goto('/adminorders?view=processed');
  await expect(alertOf(page)).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Checking your admin session…');
  await expect(page).toHaveURL(/\/adminorders\?view=processed$/);
  expect(await page.evaluate(() => localStorage.getItem('authtoken_admin'))).toBe(staffToken);
  expect(await alertViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('unreachable-admin.png') });

  await page.unroute('**/api/**');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Processed Orders' })).toBeVisible();
  await expect(page).toHaveURL(/\/adminorders\?view=processed$/);
  await expect(alertOf(page)).toHaveCount(0);
});

test('offline, Order at the foot of the long Add Order dialog says so beside it, in view and focused', async ({
  page,
  context,
}, testInfo) => {
  await prepare(page, { authtoken: customerToken, theme: 'light' });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/orders');
  await page.getByRole('button', { name: 'Order +' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Order' });
  await dialog.getByLabel('Recipient Name').fill('Noor');
  await dialog.getByLabel('Relationship').fill('Friend');
  await dialog.getByLabel('Occasion').fill('Birthday');
  await dialog.getByLabel('Address').fill('7 Elm Road, Springfield');
  await dialog.getByLabel('Phone Number').fill('5559876543');
  await dialog.getByLabel('Email').fill('noor@example.com');
  await dialog.getByLabel('Interests').fill('Books');
  await dialog.getByLabel('Budget').fill('40');
  await dialog.getByLabel('Date').fill(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));

  await context.setOffline(true);
  const order = dialog.getByRole('button', { name: 'Order', exact: true });
  await order.click();
  const error = dialog.getByRole('alert').filter({ hasText: UNREACHABLE });
  await expect(error).toBeFocused();
  await expect(error).toBeInViewport();
  await expect(order).toBeInViewport();
  expect(await seriousViolations(page, { include: '.modal-footer' })).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('order-offline.png') });
  await context.setOffline(false);
});
