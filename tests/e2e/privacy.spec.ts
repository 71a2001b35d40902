import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';

import { orderInput, PASSWORD } from '../support/fixtures';
import { seriousViolations } from './axe';
import { collectAlerts, latestMailTo, newCustomer, signInOnAdminForm, verifyEmail } from './support';
import { expect, test } from './test';

/**
 * The customer's own data, in Chromium against the built SPA and the real server: a customer downloads
 * everything stored about them, deletes their account, and their old token, calendar feed and unsubscribe link
 * are dead at once; staff find a customer by email and erase the account on their request.
 */

/** A date `days` from today (local), YYYY-MM-DD. */
function daysFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * The customer's links as a client gets them: the calendar address from POST /api/calendar/rotate (the one answer that shows it), and the one-click
 * unsubscribe link of a reminder email in the outbox (an occasion due in 3 days, reminded 3 days before). The one
 * place this spec learns them: how the tokens are stored may change; what a client holds is what must stop working.
 */
async function linksOf(request: APIRequestContext, token: string, email: string) {
  const headers = { 'auth-token': token };
  const { url } = (await (await request.post('/api/calendar/rotate', { headers })).json()) as { url: string };
  const occasion = await request.post('/api/occasions', {
    headers,
    data: {
      recipientName: 'Lina',
      relationship: 'Friend',
      occasion: 'Birthday',
      date: daysFromToday(3),
      repeatsYearly: false,
      remindDaysBefore: [3],
    },
  });
  expect(occasion.status(), 'occasion added').toBe(201);
  const mail = (await latestMailTo(email, 20_000, { subject: 'Reminder:' }))
    .replace(/=\r?\n/g, '')
    .replace(/\r?\n\s+/g, ' ');
  const unsubscribe = /List-Unsubscribe: <([^>]+)>/.exec(mail)?.[1];
  if (!unsubscribe) throw new Error('no unsubscribe link in the reminder email');
  return { feed: new URL(url).pathname, unsubscribe: new URL(unsubscribe).pathname };
}

test('a customer downloads their data, deletes the account, and the old token, feed and unsubscribe links are dead', async ({
  page,
  request,
}) => {
  const { email, token } = await newCustomer(request, 'Dana Delete');
  await verifyEmail({ request }, email); // its reminder, whose unsubscribe link is tested, needs a verified address
  const order = await request.post('/api/gifts/addgift', {
    headers: { 'auth-token': token },
    data: orderInput({ recipientName: 'Remy', date: daysFromToday(12) }),
  });
  expect(order.status(), 'order placed').toBe(201);
  const links = await linksOf(request, token, email);
  expect((await request.get(links.feed)).status()).toBe(200);

  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('authtoken', t), token);
  await page.goto('/profile');

  // Download my data: a dated JSON file of what is stored, the order and occasion among it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^giftwise-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as Record<string, unknown> & {
    profile: { email: string; phone: string };
    orders: Array<{ recipientName: string }>;
    people: Array<{ name: string; dates: unknown[] }>;
  };
  expect(file.format).toBe(2);
  expect(file.profile.email).toBe(email);
  // In the product's words: the profile's phone, not the column phno.
  expect(file.profile).toHaveProperty('phone');
  expect(file.orders.map((o) => o.recipientName)).toEqual(['Remy']);
  expect(file.people.map((p) => p.name)).toEqual(['Lina']);
  expect(file.people[0].dates).toHaveLength(1);
  expect(JSON.stringify(file)).not.toContain(token);

  // Delete my account: a labelled dialog, usable from the keyboard, that asks for the password.
  await page.getByRole('button', { name: 'Delete my account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page, { include: '.modal-dialog' })).toEqual([]);
  const password = dialog.getByLabel('Your current password');
  await password.fill('not my password');
  await password.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText(
    'That password is not correct. Your account has not been deleted.',
  );
  await password.fill(PASSWORD);
  await password.press('Enter');

  // Signed out, on the home page.
  await expect(page).toHaveURL(/\/$/);
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('authtoken'))).toBeNull();
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();

  // The old token, feed and unsubscribe links are dead.
  expect((await request.get('/api/auth/check', { headers: { 'auth-token': token } })).status()).toBe(401);
  expect((await request.get(links.feed)).status()).toBe(404);
  const unsubscribe = await request.post(links.unsubscribe, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(unsubscribe.status()).toBe(404);
  // The email is free again: signing in with it fails like any unknown address.
  const signIn = await request.post('/api/auth/loginuser', { data: { email, password: PASSWORD } });
  expect(signIn.status()).toBe(401);
});

test('staff find a customer who has no order by email under Requests, and erase the account on request', async ({
  page,
  request,
}) => {
  const alerts = collectAlerts(page);
  const { email, token } = await newCustomer(request, 'Nell Noorders');
  // Signed in on the form just now, so the erasure's fresh code is the sign-in's.
  await page.goto('/admin');
  await signInOnAdminForm(page);
  await page.getByRole('link', { name: 'Requests' }).click();

  const lookup = page.getByRole('region', { name: 'Customer data requests' });
  await lookup.getByLabel('Email').fill(email.toUpperCase());
  await lookup.getByRole('button', { name: 'Find account' }).click();
  const found = lookup.getByRole('region', { name: 'Nell Noorders' });
  await expect(found.getByText(email)).toBeVisible();
  await found.getByRole('button', { name: "Erase this customer's data…" }).click();
  const ask = found.getByRole('group', { name: `Erase ${email}'s account?` });
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  // The section with an account found and the erasure asked, in both themes (the switch restyles it in place).
  expect(await seriousViolations(page, { include: 'main section' }), 'light').toEqual([]);
  await page.getByLabel('Theme').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
  expect(await seriousViolations(page, { include: 'main section', colours: true }), 'dark').toEqual([]);

  await ask.getByRole('button', { name: 'Erase account' }).click();
  await expect(lookup.getByRole('status')).toHaveText(`${email}'s account was erased.`);
  expect(alerts).toEqual(["The customer's account was erased. 0 orders were kept without their personal details."]);
  expect((await request.get('/api/auth/check', { headers: { 'auth-token': token } })).status()).toBe(401);
});
