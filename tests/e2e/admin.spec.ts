import type { Locator, Page } from '@playwright/test';

import { seriousViolations } from './axe';
import { collectAlerts, E2E_ADMIN, newCustomer, signInOnAdminForm, uniqueEmail } from './support';
import { expect, test } from './test';

/** The admin area's journey: a customer's order through the whole workflow (docs/workflow.md), and an enquiry. */

/** Types into an input or textarea, or picks the option of a select. */
async function setField(field: Locator, value: string) {
  const tag = await field.evaluate((el) => el.tagName);
  if (tag === 'SELECT') await field.selectOption({ label: value });
  else await field.fill(value);
}

async function adminSignIn(page: Page) {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'ADMIN SIGN IN' })).toBeVisible();
  await expect(page.getByText('Only Admins are allowed')).toBeVisible();
  await signInOnAdminForm(page);
}

/** An order's row in the wide-screen table (phones show cards: src/features/admin/AdminConsole.test.tsx). */
const orderCard = (page: Page, recipient: string) => page.getByRole('row').filter({ hasText: recipient });
const views = (page: Page) => page.getByRole('list', { name: 'Admin sections' });

/**
 * Narrows the view to one recipient's orders with the search box, as an admin does at volume. The browser tests of
 * one worker share its database, so a view's first page can be 50 other orders delivered sooner: a third repeat of
 * this test found 176 new orders, the first 50 all due within 16 days, and this order (due in 30) on the next page.
 */
async function searchFor(page: Page, recipient: string) {
  await page.getByLabel('Search orders').fill(recipient);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/[?&]q=/);
}

test('an order travels from the customer through Proceed and Finish; an enquiry reaches /requests', async ({
  page,
  request,
}) => {
  const alerts = collectAlerts(page);
  const tag = Date.now();
  const recipient = `Maya ${tag}`;
  const enquiry = `Do you deliver to Lisbon? (${tag})`;
  const deliveryDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

  // Sent earlier by a visitor: the call the footer's Support dialog makes.
  const note = await request.post('/api/auth/putNote', {
    data: { type: 'Support', Pname: 'Curious Visitor', Pemail: uniqueEmail('visitor'), details: enquiry },
  });
  expect(note.status()).toBe(201);

  await test.step('1. a customer places an order', async () => {
    const customer = await newCustomer(request, 'Priya Raman');
    await page.goto('/');
    await page.evaluate((token) => localStorage.setItem('authtoken', token), customer.token);
    await page.goto('/orders');
    await page.getByRole('button', { name: 'Order +' }).click();
    const form = page.getByRole('dialog');
    await setField(form.getByLabel(/^recipient name/i), recipient);
    await setField(form.getByLabel(/^relationship/i), 'Sister');
    await setField(form.getByLabel(/^occasion/i), 'Birthday');
    await setField(form.getByLabel(/^gender/i), 'Female');
    await setField(form.getByLabel(/^address/i), '4 Elm Road, Springfield');
    await setField(form.getByLabel(/^phone number/i), '5559876543');
    await setField(form.getByLabel(/^email/i), 'maya@example.com');
    await setField(form.getByLabel(/^interests/i), 'Electronics');
    await setField(form.getByLabel(/^budget/i), '75');
    await setField(form.getByLabel(/^default option/i), 'Flowers');
    await setField(form.getByLabel(/^comments/i), 'Wrap it in blue');
    await setField(form.getByLabel(/^date/i), deliveryDate);
    await form.getByRole('button', { name: 'Order', exact: true }).click();
    await expect.poll(() => alerts).toContain('Successfully ordered');
    // The customer signs out of this browser; the admin uses it next.
    await page.evaluate(() => localStorage.removeItem('authtoken'));
  });

  await test.step('2. an admin signs in at /admin and finds it under New Orders', async () => {
    await adminSignIn(page);
    await expect(page.getByRole('heading', { level: 1, name: 'New Orders' })).toBeVisible();
    await searchFor(page, recipient);
    const card = orderCard(page, recipient);
    await expect(card).toBeVisible();
    await expect(card).toContainText('$75');
    // The delivery date in words, the date itself kept in <time>.
    await expect(card.locator(`time[datetime="${deliveryDate}"]`)).toBeVisible();
  });

  const dialog = page.getByRole('dialog', { name: 'Order and User Details' });

  await test.step('3. opens it and sees the masked card', async () => {
    await orderCard(page, recipient)
      .getByRole('button', { name: /^View Order/ })
      .click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(recipient);
    await expect(dialog).toContainText('Priya Raman');
    await expect(dialog).toContainText('•••• 4242');
    await expect(dialog).not.toContainText('4242 4242');
    await expect(dialog.getByText('CVV', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText(
      'not stored',
    );
    await expect(dialog.getByRole('button', { name: 'Proceed' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Reject' })).toBeVisible();
    await expectAccessible(page, 'order dialog (light)');
  });

  await test.step('4. Proceeds, and finds it under Processed', async () => {
    await dialog.getByRole('button', { name: 'Proceed' }).click();
    await expect.poll(() => alerts).toContain('Order status updated to processed');
    await expect(dialog).toBeHidden();
    await expect(orderCard(page, recipient)).toHaveCount(0);
    await views(page).getByRole('link', { name: 'Processed' }).click();
    await expect(page).toHaveURL(/\/adminorders\?view=processed$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Processed Orders' })).toBeVisible();
    await searchFor(page, recipient);
    await expect(orderCard(page, recipient)).toBeVisible();
  });

  await test.step('5. Finishes it, and finds it under Finished with no actions', async () => {
    await orderCard(page, recipient)
      .getByRole('button', { name: /^View Order/ })
      .click();
    await expect(dialog.getByRole('button', { name: 'Reject' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Finish' }).click();
    await expect.poll(() => alerts).toContain('Order status updated to finished');
    await expect(dialog).toBeHidden();
    await views(page).getByRole('link', { name: 'Finished' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Finished Orders' })).toBeVisible();
    await searchFor(page, recipient);
    // A reload keeps the view and its search (and here switches to the dark theme, to check the dialog in it too).
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Finished Orders' })).toBeVisible();
    await orderCard(page, recipient)
      .getByRole('button', { name: /^View Order/ })
      .click();
    await expect(dialog.getByRole('list', { name: 'Timeline' })).toContainText('Moved to finished');
    await expect(dialog).toContainText(`by ${E2E_ADMIN.email}`);
    const footer = dialog.locator('.modal-footer');
    await expect(footer.getByRole('button')).toHaveText(['Close']);
    await expectAccessible(page, 'order dialog (dark)', { colours: true });
    await footer.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('6. opens /requests and finds the enquiry sent earlier by a visitor', async () => {
    await views(page).getByRole('link', { name: 'Requests' }).click();
    await expect(page).toHaveURL(/\/requests$/);
    await page.getByRole('tab', { name: 'Support' }).click();
    await expect(page.getByRole('heading', { name: 'Support Requests' })).toBeVisible();
    const card = page.getByRole('listitem').filter({ hasText: enquiry });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Curious Visitor');
  });

  await test.step('Sign Out leaves the admin area and its token', async () => {
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    expect(await page.evaluate(() => localStorage.getItem('authtoken_admin'))).toBeNull();
    await page.goto('/adminorders');
    await expect(page).toHaveURL(/\/admin$/);
  });

  expect(alerts.filter((a) => a !== 'Successfully ordered' && !a.startsWith('Order status updated to'))).toEqual([]);
});

test('the admin area turns away a forged admin token and a customer token, on /adminorders and /requests', async ({
  page,
  request,
}) => {
  const customer = await newCustomer(request, 'Priya Raman');
  for (const [path, token] of [
    ['/adminorders', 'forged-token'],
    ['/requests', customer.token],
  ]) {
    await page.goto('/admin');
    await page.evaluate((t) => localStorage.setItem('authtoken_admin', t), token);
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'ADMIN SIGN IN' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('authtoken_admin'))).toBeNull();
  }
});

test('a wrong admin password shows the alert and the reason', async ({ page }) => {
  const alerts = collectAlerts(page);
  await page.goto('/admin');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'SignIn' }).click();
  await expect(page.getByText('Email or password is incorrect')).toBeVisible();
  expect(alerts).toEqual(['Enter valid details']);
  await expect(page).toHaveURL(/\/admin$/);
});

test('a long New list comes a page at a time: Load more appends the rest, each order once', async ({
  page,
  request,
}) => {
  const customer = await newCustomer(request, 'Priya Raman');
  const tag = `Paged ${Date.now()}`;
  const COUNT = 55;
  // Far-off dates: these sort after every other test's orders, and one page (50) cannot hold them.
  for (let i = 0; i < COUNT; i++) {
    const date = new Date(Date.now() + (400 + i) * 86_400_000).toISOString().slice(0, 10);
    const res = await request.post('/api/gifts/addgift', {
      headers: { 'auth-token': customer.token },
      data: {
        recipientName: `${tag} #${String(i).padStart(2, '0')}`,
        relationship: 'Friend',
        occasion: 'Birthday',
        address: '1 Page Road',
        phoneNumber: '5550001111',
        email: 'paged@example.com',
        interests: 'Books',
        budget: '25',
        date,
      },
    });
    expect(res.status()).toBe(201);
  }

  await adminSignIn(page);
  const rows = page.getByRole('table', { name: 'New Orders' }).locator('tbody tr');
  await expect(rows).toHaveCount(50);
  const loadMore = page.getByRole('button', { name: 'Load more' });
  await expect(loadMore).toBeVisible();
  await expectAccessible(page, '/adminorders with Load more');

  while (await loadMore.isVisible()) {
    const before = await rows.count();
    await loadMore.click();
    await expect.poll(() => rows.count()).toBeGreaterThan(before);
  }
  const mine = rows.filter({ hasText: tag });
  await expect(mine).toHaveCount(COUNT);
  const names = await mine.locator('td:nth-child(2)').allTextContents();
  expect(names).toEqual(Array.from({ length: COUNT }, (_, i) => `${tag} #${String(i).padStart(2, '0')}`));
  await expect(page.getByText(/^Showing \d+ new orders \(all of them\)$/)).toBeVisible();

  // A new view starts again at the first page.
  await views(page).getByRole('link', { name: 'Processed' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Processed Orders' })).toBeVisible();
  await views(page)
    .getByRole('link', { name: /^New( [\d,]+)?$/ })
    .click();
  await expect(rows).toHaveCount(50);
  await expect(loadMore).toBeEnabled();
});

/** The one axe check (tests/e2e/axe.ts); the dark pass of the order dialog checks its colours only. */
async function expectAccessible(page: Page, where: string, axe: { colours?: boolean } = {}) {
  expect(await seriousViolations(page, axe), where).toEqual([]);
}
