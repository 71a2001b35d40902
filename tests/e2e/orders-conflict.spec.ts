import { COMPLETE_PROFILE, orderInput, PASSWORD, uniqueEmail } from '../support/fixtures';
import { adminToken } from './public.support';
import { expect, test } from './test';

/**
 * A customer edits or deletes an order that an admin has meanwhile started on: the server refuses
 * (409), the dialog says why, and the list is reloaded so the card shows the order as it is now
 * (Processed, with Edit and Delete disabled) instead of still offering changes.
 */

test.beforeEach(async ({ page }) => {
  const signUp = await page.request.post('/api/auth/createUser', {
    data: { name: 'Conflict Customer', email: uniqueEmail('conflict'), password: PASSWORD },
  });
  expect(signUp.status()).toBe(201);
  const token = ((await signUp.json()) as { authtoken: string }).authtoken;
  const customer = { 'auth-token': token };
  expect((await page.request.put('/api/auth/updateUser', { headers: customer, data: COMPLETE_PROFILE })).status()).toBe(
    200,
  );
  const placed = await page.request.post('/api/gifts/addgift', {
    headers: customer,
    data: orderInput({ recipientName: 'Maya' }),
  });
  expect(placed.status()).toBe(201);
  const orderId = ((await placed.json()) as { _id: string })._id;

  await page.goto('/about');
  await page.evaluate((t) => localStorage.setItem('authtoken', t), token);
  await page.goto('/orders');
  await expect(page.getByRole('button', { name: 'Edit order for Maya' })).toBeEnabled();

  // Meanwhile an admin starts on the order.
  const admin = { 'auth-token': await adminToken(page.request) };
  const moved = await page.request.put(`/api/admin/updateGiftStatus/${orderId}`, {
    headers: admin,
    data: { status: 'processed' },
  });
  expect(moved.status()).toBe(200);
});

test('a refused edit (409) says why and the card then shows Processed with Edit disabled', async ({ page }) => {
  await page.getByRole('button', { name: 'Edit order for Maya' }).click();
  const dialog = page.getByRole('dialog', { name: 'EDIT ORDER' });
  await dialog.getByLabel('Occasion').fill('Graduation');
  const saved = page.waitForResponse((r) => r.url().includes('/api/gifts/updateGift/'));
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  expect((await saved).status()).toBe(409);
  await expect(dialog.getByRole('alert')).toContainText('can no longer be');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Edit order for Maya' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Delete order for Maya' })).toBeDisabled();
  await expect(page.getByTestId('order-card').getByText('Processed')).toBeVisible();
});

test('a refused deletion (409) says why and the card then shows Processed with Delete disabled', async ({ page }) => {
  await page.getByRole('button', { name: 'Delete order for Maya' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this order?' });
  const deleted = page.waitForResponse((r) => r.url().includes('/api/gifts/deleteGift/'));
  await dialog.getByRole('button', { name: 'Delete order' }).click();
  expect((await deleted).status()).toBe(409);
  await expect(dialog.getByRole('alert')).toContainText('can no longer be');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Delete order for Maya' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Edit order for Maya' })).toBeDisabled();
  await expect(page.getByTestId('order-card').getByText('Processed')).toBeVisible();
});
