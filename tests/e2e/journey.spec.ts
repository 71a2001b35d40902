import path from 'node:path';
import type { Page } from '@playwright/test';

import { seriousViolations } from './axe';
import { adminToken, prepareStorage } from './public.support';
import { latestMailTo, newCustomer, verifyEmail } from './support';
import { expect, test } from './test';

/**
 * The gift's journey end to end (docs/workflow.md), on the e2e server's own database: a customer orders from a
 * reminder email and meets the earliest delivery date; staff propose a gift with a picture; the customer approves it
 * from the proposal email's link; staff record the shipment, then Finish with the delivery; the customer says how it
 * went from the Delivered email's link; and View Order of the next order for the same person shows that gift and how
 * it went. With SHOTS_DIR set, screenshots of the main steps are saved there to look at.
 */

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: path.join(process.env.SHOTS_DIR, `${name}.png`) });
};

/** A date `days` from today (the browser's and the server's zone are the machine's), as YYYY-MM-DD. */
function daysFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The path and query of the first link in an email (its text part) that leads to `pathPrefix`. */
function linkTo(mail: string, pathPrefix: string): string {
  const body = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const url = body.match(/https?:\/\/[^\s"<>]+/g)?.find((u) => new URL(u).pathname.startsWith(pathPrefix));
  if (!url) throw new Error(`no link to ${pathPrefix} in the email`);
  return new URL(url).pathname + new URL(url).search;
}

test('ordered from a reminder, proposed, approved, shipped, delivered, rated, and remembered next time', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const recipient = `Nana ${Date.now()}`;
  const customer = await newCustomer(request, 'Rita Journey');
  await verifyEmail({ request }, customer.email);
  const asCustomer = { 'auth-token': customer.token };
  // Nana's birthday in 5 days, with her details; her gift option is a curated gift (7 days).
  const remembered = await request.post('/api/occasions', {
    headers: asCustomer,
    data: {
      recipientName: recipient,
      relationship: 'Grandmother',
      occasion: 'Birthday',
      date: `1950-${daysFromToday(5).slice(5)}`,
      address: '3 Orchard Lane',
      phoneNumber: '5551112222',
      email: 'nana@example.com',
      interests: 'Gardening',
      budget: '60',
    },
  });
  expect(remembered.status(), 'add the date').toBe(201);
  const admin = await adminToken(request);
  let orderId = '';

  await test.step('the customer orders from the reminder email, and the form keeps to the earliest date', async () => {
    const reminder = await latestMailTo(customer.email, 20_000, { subject: 'Reminder:' });
    await prepareStorage(page, { authtoken: customer.token, theme: 'light' });
    await page.goto(linkTo(reminder, '/people/'));
    const order = page.getByRole('dialog', { name: 'Add Order' });
    await expect(order.getByLabel('Recipient Name')).toHaveValue(recipient);
    await expect(order.getByLabel('Date')).toHaveAccessibleDescription(/is too soon\. A curated gift needs 7 days/);
    await expect(order.getByLabel('Date')).toHaveAttribute('aria-invalid', 'true');
    await order.getByLabel('Default Option').selectOption('Flowers');
    await expect(order.getByLabel('Date')).toHaveAccessibleDescription(
      /^Flowers need 2 days: the earliest delivery is/,
    );
    await order.getByRole('button', { name: 'Order', exact: true }).click();
    await expect(order).toBeHidden();
    const orders = await request.get('/api/gifts/getgifts', { headers: asCustomer });
    const placed = ((await orders.json()) as { _id: string; recipientName: string }[]).filter(
      (o) => o.recipientName === recipient,
    );
    expect(placed).toHaveLength(1);
    orderId = placed[0]._id;
  });

  const openOrder = async (view: string) => {
    await page.goto(`/adminorders?view=${view}&q=${encodeURIComponent(recipient)}`);
    await page
      .getByRole('button', { name: `View Order for ${recipient}` })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Order and User Details' });
    await expect(dialog.getByText('Customer since')).toBeVisible();
    return dialog;
  };

  await test.step('staff propose a gift with a picture, above the budget with a reason', async () => {
    await prepareStorage(page, { authtoken_admin: admin, theme: 'dark' });
    const dialog = await openOrder('new');
    const form = dialog.getByRole('form', { name: 'Propose a gift' });
    await form.getByLabel('Title').fill('Garden tool set');
    await form.getByLabel('Description').fill('A trowel, a fork and gloves in a canvas roll');
    await form.getByLabel('Price').fill('72.50');
    await form.getByLabel('Why it is over budget').fill('The set with gloves in her size');
    await form
      .getByLabel('Picture (optional)')
      .setInputFiles({ name: 'tools.png', mimeType: 'image/png', buffer: PNG });
    await expect(form.getByRole('img', { name: 'Preview of the chosen picture' })).toBeVisible();
    await shot(page, 'journey-view-order-propose-dark');
    expect(await seriousViolations(page, { include: '.modal-dialog' })).toEqual([]);
    await form.getByRole('button', { name: 'Propose gift' }).click();
    await expect(dialog.getByText('Waiting for approval')).toBeVisible();
  });

  await test.step('the customer approves from the proposal email, on the card it opens', async () => {
    const mail = await latestMailTo(customer.email, 15_000, { subject: `A gift for ${recipient}: please approve` });
    const link = linkTo(mail, '/orders');
    expect(link).toBe(`/orders?order=${orderId}`);
    await prepareStorage(page, { authtoken: customer.token, theme: 'light' });
    await page.goto(link);
    const card = page.getByRole('article', { name: `Gift for ${recipient}` });
    await expect(card).toBeFocused();
    const proposal = card.getByRole('region', { name: 'Proposed gift' });
    await expect(proposal).toContainText('Garden tool set $72.50');
    await expect(proposal).toContainText('Above the budget: The set with gloves in her size');
    const picture = proposal.getByRole('img', { name: 'Garden tool set' });
    await expect(picture).toHaveJSProperty('complete', true);
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await shot(page, 'journey-card-proposal-light');
    await proposal.getByRole('button', { name: 'Approve' }).click();
    await expect(proposal).toContainText('We are preparing this gift.');
    await expect(card.getByText('Processed', { exact: true })).toBeVisible();
  });

  await test.step('staff record the shipment, then Finish with the delivery', async () => {
    await prepareStorage(page, { authtoken_admin: admin, theme: 'light' });
    const dialog = await openOrder('processed');
    const form = dialog.getByRole('form', { name: 'Record the shipment' });
    await form.getByLabel('Carrier').fill('Parcelly');
    await form.getByLabel('Tracking number').fill('PX-1001');
    await form.getByLabel('Tracking address').fill('https://track.parcelly.example/PX-1001');
    await form.getByRole('button', { name: 'Record shipment' }).click();
    const section = dialog.getByRole('region', { name: 'Shipment and delivery' });
    await expect(section.getByRole('link', { name: 'https://track.parcelly.example/PX-1001' })).toBeVisible();
    await latestMailTo(customer.email, 15_000, { subject: `The gift for ${recipient} is on its way` });
    await dialog.getByLabel(/Delivery note/).fill('Left with the neighbour at number 5');
    await dialog.getByRole('button', { name: 'Finish' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  await test.step('the customer says how it went from the Delivered email', async () => {
    const mail = await latestMailTo(customer.email, 15_000, { subject: `The gift for ${recipient} was delivered` });
    const link = linkTo(mail, '/orders');
    expect(link).toBe(`/orders?order=${orderId}&feedback=1`);
    await prepareStorage(page, { authtoken: customer.token, theme: 'dark' });
    await page.goto(link);
    const card = page.getByRole('article', { name: `Gift for ${recipient}` });
    await expect(card.getByTestId('shipment-panel')).toContainText('Delivered on');
    await expect(card.getByRole('link', { name: /Track the gift/ })).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(card.getByRole('radio', { name: 'Loved it' })).toBeFocused();
    expect(await seriousViolations(page, { include: '[data-testid="order-card"]' })).toEqual([]);
    await card.getByRole('radio', { name: 'Loved it' }).check();
    await card.getByLabel('Anything to add? (optional)').fill('She planted bulbs the same day');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByTestId('feedback-panel')).toContainText('How it went: Loved it');

    // The card's timeline tells the whole story in the customer's words.
    await card.getByRole('button', { name: 'Timeline' }).click();
    const timeline = card.getByRole('list', { name: 'Timeline' });
    await expect(timeline).toContainText('Placed');
    await expect(timeline).toContainText('Gift proposed: Garden tool set, $72.50');
    await expect(timeline).toContainText('You approved the gift');
    await expect(timeline).toContainText('Shipped with Parcelly');
    await expect(timeline).toContainText('Delivered');
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'journey-card-timeline-dark');
  });

  await test.step('View Order of the next order for the same person shows that gift and how it went', async () => {
    const next = await request.post('/api/gifts/addgift', {
      headers: asCustomer,
      data: {
        recipientName: recipient,
        relationship: 'Grandmother',
        occasion: 'Christmas',
        address: '3 Orchard Lane',
        phoneNumber: '5551112222',
        email: 'nana@example.com',
        interests: 'Gardening',
        budget: '60',
        defaultOption: 'Flowers',
        date: daysFromToday(30),
      },
    });
    expect(next.status(), 'the next order').toBe(201);
    await prepareStorage(page, { authtoken_admin: admin, theme: 'light' });
    const dialog = await openOrder('new');
    const earlier = dialog.getByRole('table', { name: `Earlier orders for ${recipient}` });
    await expect(earlier).toContainText('Garden tool set');
    await expect(earlier).toContainText('$72.50');
    await expect(earlier).toContainText('Loved it');
    await expect(earlier).toContainText('She planted bulbs the same day');
    await earlier.scrollIntoViewIfNeeded();
    await shot(page, 'journey-view-order-earlier-light');
  });
});
