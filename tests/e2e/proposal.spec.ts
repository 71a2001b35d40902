import { orderInput } from '../support/fixtures';
import { adminCredentials, newCustomer } from './support';
import { expect, test } from './test';

/**
 * Issue 23, a gift proposal, in the browser: staff propose a gift with a picture in View Order, the customer sees it
 * on the order's card (the picture served from our origin) and approves it; the order is then processed.
 */

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('staff propose a gift with a picture; the customer approves it on the card', async ({ page }) => {
  const customer = await newCustomer(page.request, 'Proposal Customer');
  const placed = await page.request.post('/api/gifts/addgift', {
    headers: { 'auth-token': customer.token },
    data: orderInput({ recipientName: 'Maya', budget: '75' }),
  });
  expect(placed.status()).toBe(201);
  const login = await page.request.post('/api/admin/login', { data: await adminCredentials() });
  const adminToken = ((await login.json()) as { authtoken: string }).authtoken;

  await page.goto('/about');
  await page.evaluate(
    ([admin, own]) => {
      localStorage.setItem('authtoken_admin', admin);
      localStorage.setItem('authtoken', own);
    },
    [adminToken, customer.token],
  );

  await test.step('staff propose the gift in View Order', async () => {
    await page.goto('/adminorders');
    await page
      .getByRole('row', { name: /Maya/ })
      .getByRole('button', { name: /^View Order/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Order and User Details' });
    const form = dialog.getByRole('form', { name: 'Propose a gift' });
    await form.getByLabel('Title').fill('Lavender candle set');
    await form.getByLabel('Description').fill('Three hand-poured candles');
    await form.getByLabel('Price').fill('89');
    await form.getByLabel('Why it is over budget').fill('The large set is the one she asked for');
    await form
      .getByLabel('Picture (optional)')
      .setInputFiles({ name: 'candles.png', mimeType: 'image/png', buffer: PNG });
    await expect(form.getByRole('img', { name: 'Preview of the chosen picture' })).toBeVisible();
    await form.getByRole('button', { name: 'Propose gift' }).click();
    await expect(dialog.getByText('Waiting for approval')).toBeVisible();
    await expect(dialog.getByRole('form', { name: 'Propose a gift' })).toBeHidden();
  });

  await test.step('the customer sees it on the card, with its picture, and approves it', async () => {
    await page.goto('/orders');
    const proposal = page.getByRole('region', { name: 'Proposed gift' });
    await expect(proposal).toContainText('Lavender candle set $89.00');
    await expect(proposal).toContainText('Above the budget: The large set is the one she asked for');
    const picture = proposal.getByRole('img', { name: 'Lavender candle set' });
    await expect(picture).toHaveJSProperty('complete', true);
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await proposal.getByRole('button', { name: 'Approve' }).click();
    await expect(proposal).toContainText('We are preparing this gift.');
    await expect(page.getByTestId('order-card').getByText('Processed', { exact: true })).toBeVisible();
  });
});
