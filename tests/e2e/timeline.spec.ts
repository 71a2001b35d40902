import type { Page } from '@playwright/test';

import { orderInput } from '../support/fixtures';
import { adminToken } from './public.support';
import { E2E_ADMIN, newCustomer } from './support';
import { expect, test } from './test';

/**
 * The order's timeline (issue 23, point 5): the customer opens it on the card and reads each step with its day;
 * staff read the same steps with who acted in View Order, and keep internal notes the customer never sees.
 */

const SHOTS = process.env.TIMELINE_SHOTS_DIR;
/**
 * Screenshots to look at while building, only when TIMELINE_SHOTS_DIR names a folder (outside the repository): the
 * screen as it is, in the dark theme, and on a 390 px phone, without reloading what the test opened.
 */
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  const theme = (mode: string) => page.evaluate((m) => document.documentElement.setAttribute('data-bs-theme', m), mode);
  const size = page.viewportSize();
  await page.screenshot({ path: `${SHOTS}/${name}-light.png` });
  await theme('dark');
  await page.screenshot({ path: `${SHOTS}/${name}-dark.png` });
  await theme('light');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-phone.png` });
  if (size) await page.setViewportSize(size);
}

test("the customer's card opens its timeline; View Order shows it with who acted, and internal notes", async ({
  page,
  request,
}) => {
  const recipient = `Nora ${Date.now()}`;
  const customer = await newCustomer(request, 'Priya Raman');
  const placed = await request.post('/api/gifts/addgift', {
    headers: { 'auth-token': customer.token },
    data: orderInput({ recipientName: recipient }),
  });
  expect(placed.status()).toBe(201);
  const orderId = ((await placed.json()) as { _id: string })._id;

  const staffToken = await adminToken(request);
  const admin = { 'auth-token': staffToken };
  const rejected = await request.put(`/api/admin/updateGiftStatus/${orderId}`, {
    headers: admin,
    data: { status: 'rejected', reason: 'We cannot deliver there' },
  });
  expect(rejected.status()).toBe(200);
  const note = await request.post(`/api/admin/orders/${orderId}/notes`, {
    headers: admin,
    data: { body: 'Customer called about the address' },
  });
  expect(note.status()).toBe(201);

  await test.step('the customer opens the timeline on the card', async () => {
    await page.goto('/');
    await page.evaluate((token) => localStorage.setItem('authtoken', token), customer.token);
    await page.goto('/orders');
    const card = page.getByRole('article', { name: `Gift for ${recipient}` });
    const toggle = card.getByRole('button', { name: 'Timeline' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const steps = card.getByRole('list', { name: 'Timeline' }).getByRole('listitem');
    await expect(steps).toHaveCount(2);
    await expect(steps.nth(0)).toContainText('Placed');
    await expect(steps.nth(1)).toContainText('Rejected: We cannot deliver there');
    await expect(card).not.toContainText(E2E_ADMIN.email);
    await expect(card).not.toContainText('Customer called');
    await card.scrollIntoViewIfNeeded();
    await shoot(page, 'card-timeline');
  });

  await test.step('staff see it with who acted, and add an internal note', async () => {
    await page.evaluate((token) => localStorage.setItem('authtoken_admin', token), staffToken);
    await page.goto('/adminorders?view=rejected');
    await page.getByLabel('Search orders').fill(recipient);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page
      .getByRole('row')
      .filter({ hasText: recipient })
      .getByRole('button', { name: /^View Order/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Order and User Details' });
    const timeline = dialog.getByRole('list', { name: 'Timeline' }).getByRole('listitem');
    await expect(timeline).toHaveCount(2);
    await expect(timeline.nth(0)).toContainText('by the customer');
    await expect(timeline.nth(1)).toContainText('Moved to rejected: We cannot deliver there');
    await expect(timeline.nth(1)).toContainText(`by ${E2E_ADMIN.email}`);
    const notes = dialog.getByRole('list', { name: 'Internal notes' }).getByTestId('order-note');
    await expect(notes).toHaveCount(1);
    await dialog.getByLabel('Add a note').fill('Offered a refund by phone');
    await dialog.getByRole('button', { name: 'Add note' }).click();
    await expect(notes).toHaveCount(2);
    await expect(notes.nth(1)).toContainText('Offered a refund by phone');
    await expect(notes.nth(1)).toContainText(E2E_ADMIN.email);
    await dialog.getByRole('heading', { name: 'Timeline' }).scrollIntoViewIfNeeded();
    await shoot(page, 'view-order');
  });
});
