import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';

import { orderInput } from '../support/fixtures';
import { adminToken, prepareStorage } from './public.support';
import { latestMailTo, linkIn, newCustomer, verifyEmail } from './support';
import { expect, test } from './test';

/**
 * The shipment, the delivery and how it went in the browser (docs/workflow.md, "The gift's journey"): staff record
 * the shipment and Finish with a note in View Order, the customer opens the Delivered email's link and rates the gift
 * on the card, and View Order of the next order for the same person shows it. With SHOTS_DIR set, it also saves
 * screenshots of each part (light, dark, and a 390 px phone) there, to look at.
 */

const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: path.join(process.env.SHOTS_DIR, `${name}.png`) });
};

async function placeOrder(request: APIRequestContext, token: string, recipientName: string): Promise<string> {
  const res = await request.post('/api/gifts/addgift', {
    headers: { 'auth-token': token },
    data: orderInput({ recipientName, date: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10) }),
  });
  expect(res.status(), 'addgift').toBe(201);
  return ((await res.json()) as { _id: string })._id;
}

async function seriousViolations(page: Page, include: string) {
  const results = await new AxeBuilder({ page }).include(include).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

test('staff ship and deliver an order, the customer rates it from the email, staff see it next time', async ({
  page,
  request,
}) => {
  const recipient = `Nora ${Date.now()}`;
  const customer = await newCustomer(request, 'Priya Raman');
  await verifyEmail({ request }, customer.email);
  const orderId = await placeOrder(request, customer.token, recipient);
  const admin = await adminToken(request);
  const proceed = await request.put(`/api/admin/updateGiftStatus/${orderId}`, {
    headers: { 'auth-token': admin },
    data: { status: 'processed', from: 'new' },
  });
  expect(proceed.status()).toBe(200);

  const openOrder = async (view: string) => {
    await page.goto(`/adminorders?view=${view}&q=${encodeURIComponent(recipient)}`);
    await page
      .getByRole('button', { name: `View Order for ${recipient}` })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Customer since')).toBeVisible();
    return dialog;
  };

  await test.step('staff record the shipment and Finish with a note', async () => {
    await prepareStorage(page, { authtoken_admin: admin, theme: 'light' });
    const dialog = await openOrder('processed');
    const form = dialog.getByRole('form', { name: 'Record the shipment' });
    await form.getByLabel('Carrier').fill('Parcelly');
    await form.getByLabel('Tracking number').fill('PX-1001');
    await form.getByLabel('Tracking address').fill('https://track.parcelly.example/PX-1001');
    await form.scrollIntoViewIfNeeded();
    await shot(page, 'view-order-shipment-form-light');
    await form.getByRole('button', { name: 'Record shipment' }).click();
    const section = dialog.getByRole('region', { name: 'Shipment and delivery' });
    await expect(section.getByRole('link', { name: 'https://track.parcelly.example/PX-1001' })).toBeVisible();
    // The mail queue sends in the background: wait for the shipped email to be the newest.
    await expect
      .poll(async () => latestMailTo(customer.email), { timeout: 15_000 })
      .toContain(`Subject: The gift for ${recipient} is on its way`);

    await dialog.getByLabel(/Delivery note/).fill('Left with the concierge');
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'view-order-shipment-recorded-light');
    await dialog.getByRole('button', { name: 'Finish' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  await test.step('the customer opens the Delivered email and rates the gift on its card', async () => {
    await expect.poll(async () => latestMailTo(customer.email), { timeout: 15_000 }).toContain('was delivered');
    const mail = await latestMailTo(customer.email);
    const link = linkIn(mail);
    expect(link).toContain(`/orders?order=${orderId}&feedback=1`);
    await prepareStorage(page, { authtoken: customer.token, theme: 'dark' });
    await page.goto(new URL(link).pathname + new URL(link).search);
    const card = page.getByRole('article', { name: `Gift for ${recipient}` });
    await expect(card.getByTestId('shipment-panel')).toContainText('Shipped on');
    await expect(card.getByTestId('shipment-panel')).toContainText('Delivered on');
    await expect(card.getByRole('link', { name: /Track the gift/ })).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(card.getByRole('radio', { name: 'Loved it' })).toBeFocused();
    await card.scrollIntoViewIfNeeded();
    expect(await seriousViolations(page, '[data-testid="order-card"]')).toEqual([]);
    await shot(page, 'card-feedback-form-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await card.getByTestId('feedback-panel').scrollIntoViewIfNeeded();
    await shot(page, 'card-feedback-form-phone-dark');

    await card.getByRole('radio', { name: 'Loved it' }).check();
    await card.getByLabel('Anything to add? (optional)').fill('She kept the vase');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByTestId('feedback-panel')).toContainText('How it went: Loved it');
    await shot(page, 'card-rated-phone-dark');
    // Without the email's link, a rated card shows the rating (the link opens the form again).
    await prepareStorage(page, { theme: 'light' });
    await page.goto('/orders');
    await expect(card.getByTestId('feedback-panel')).toContainText('How it went: Loved it');
    await card.getByTestId('shipment-panel').scrollIntoViewIfNeeded();
    await shot(page, 'card-rated-phone-light');
  });

  await test.step('View Order of the next order for the same person shows the gift and how it went', async () => {
    await placeOrder(request, customer.token, recipient);
    await page.setViewportSize({ width: 1280, height: 900 });
    await prepareStorage(page, { authtoken_admin: admin, theme: 'dark' });
    const dialog = await openOrder('new');
    const table = dialog.getByRole('table', { name: `Earlier orders for ${recipient}` });
    await expect(table).toContainText('Loved it');
    await expect(table).toContainText('She kept the vase');
    await table.scrollIntoViewIfNeeded();
    await shot(page, 'view-order-earlier-orders-dark');
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeHidden();

    // The delivered order itself: its shipment, delivery and rating in View Order.
    const delivered = await openOrder('finished');
    const section = delivered.getByRole('region', { name: 'Shipment and delivery' });
    await expect(section).toContainText('Left with the concierge');
    await expect(section).toContainText('Loved it');
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'view-order-delivered-dark');
  });
});
