import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';

import { orderInput } from '../support/fixtures';
import { seedOrders } from './seed';
import { latestMailTo, newCustomer, signInOnAdminForm, verifyEmail } from './support';
import { expect, test } from './test';

/**
 * The admin console at volume (docs/admin-console.md): among thousands of orders a search finds one, a bulk
 * Proceed of three moves the counts, a Reject with a reason reaches the customer's card and email, and the
 * CSV of the view downloads.
 */

const CUSTOMERS = 40;
const ORDERS_EACH = 50;
/** Far beyond the other orders' dates, so these sort after theirs in every view. */
const DELIVERY = new Date(Date.now() + 700 * 86_400_000).toISOString().slice(0, 10);
const tag = Date.now().toString(36);

/**
 * The crowd, written over SQL before this file's server starts (its own worker and database): 40 customers with
 * order emails off and 50 new orders each, each with the first entry of its status history, as placing them
 * through addgift leaves them (its own tests are tests/api/gifts.test.ts). Over HTTP they took minutes.
 */
test.use({
  seed: {
    write: async (db) => {
      const order = orderInput({ date: DELIVERY });
      await db.query(
        `insert into users (name, email, password_hash, address, phno, card_holder_name, card_last4, card_exp_month,
         card_exp_year, billing_zip, order_emails)
       select 'Crowd ' || $1 || ' ' || n, 'crowd.' || $1 || '.' || n || '@example.com', 'never signs in',
         '12 Rose Street, Springfield', '5551234567', 'Crowd ' || $1 || ' ' || n, '4242', 12,
         extract(year from now())::int + 2, '12345', false
       from generate_series(0, $2::int - 1) n`,
        [tag, CUSTOMERS],
      );
      await seedOrders(
        db,
        `select u.id as user_id, 'Guest ' || $1 || ' ' || n || '-' || j as recipient_name, $4 as comments,
           $5::date as date, 'new' as status, null as status_reason
         from generate_series(0, $2::int - 1) n
           join users u on u.email = 'crowd.' || $1 || '.' || n || '@example.com'
           cross join generate_series(0, $3::int - 1) j`,
        [tag, CUSTOMERS, ORDERS_EACH, order.comments, order.date],
      );
      const { rows } = await db.query<{ n: number }>(
        "select count(*)::int as n from gift_orders where status = 'new' and recipient_name like 'Guest ' || $1 || ' %'",
        [tag],
      );
      expect(rows[0].n, 'orders seeded').toBe(CUSTOMERS * ORDERS_EACH);
    },
  },
});

async function placeOrders(request: APIRequestContext, token: string, recipients: string[]) {
  for (const recipientName of recipients) {
    const res = await request.post('/api/gifts/addgift', {
      headers: { 'auth-token': token },
      data: orderInput({ recipientName, date: DELIVERY }),
    });
    expect(res.status(), `order for ${recipientName}`).toBe(201);
  }
}

async function adminSignIn(page: Page) {
  await page.goto('/admin');
  await signInOnAdminForm(page);
}

/** The live count a view's link shows ("New 2,003"). */
async function countOf(page: Page, view: 'New' | 'Processed' | 'Rejected'): Promise<number> {
  const link = page
    .getByRole('list', { name: 'Admin sections' })
    .getByRole('link', { name: new RegExp(`^${view}\\b`) });
  await expect(link).toHaveText(new RegExp(`^${view}\\s*[\\d,]+$`));
  return Number((await link.innerText()).replace(/\D/g, ''));
}

test('search among thousands, bulk Proceed, Reject with a reason the customer sees, and the CSV', async ({
  page,
  request,
}) => {
  const vip = await newCustomer(request, `Vera Console ${tag}`);
  await verifyEmail({ request }, vip.email);

  await test.step(`1. among the crowd's ${CUSTOMERS * ORDERS_EACH} orders, Vera orders for Zora and three more`, () =>
    placeOrders(request, vip.token, [`Zora ${tag}`, `Ada ${tag}`, `Ben ${tag}`, `Cy ${tag}`]));

  await adminSignIn(page);
  const table = page.getByRole('table');

  await test.step('2. the search box finds Zora’s order, and the search lives in the address', async () => {
    await page.getByLabel('Search orders').fill(`zora ${tag}`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`q=zora(\\+|%20)${tag}`));
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText(`Zora ${tag}`);
    await expect(table).toContainText(`Vera Console ${tag}`);
    await expect(table).toContainText(vip.email);
    // The same address opened afresh shows the same view.
    await page.reload();
    await expect(page.getByLabel('Search orders')).toHaveValue(`zora ${tag}`);
    await expect(table.getByRole('row')).toHaveCount(2);
  });

  const before = { new: 0, processed: 0 };
  await test.step('3. three of Vera’s orders proceed at once, and the counts move', async () => {
    before.new = await countOf(page, 'New');
    before.processed = await countOf(page, 'Processed');
    expect(before.new).toBeGreaterThanOrEqual(CUSTOMERS * ORDERS_EACH);
    await page.getByLabel('Search orders').fill(vip.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(table.getByRole('row')).toHaveCount(5);
    for (const name of ['Ada', 'Ben', 'Cy']) await page.getByLabel(`Select order for ${name} ${tag}`).check();
    await page.getByRole('button', { name: 'Proceed', exact: true }).click();
    await expect(page.getByText('Moved 3 orders to processed.')).toBeVisible();
    await expect.poll(() => countOf(page, 'New')).toBe(before.new - 3);
    await expect.poll(() => countOf(page, 'Processed')).toBe(before.processed + 3);
    await expect(table.getByRole('row')).toHaveCount(2);
  });

  const reason = `We cannot deliver to that address (${tag})`;
  await test.step('4. one is rejected with a reason', async () => {
    await page.goto(`/adminorders?view=processed&q=${encodeURIComponent(vip.email)}`);
    await expect(table.getByRole('row')).toHaveCount(4);
    await page.getByLabel(`Select order for Ben ${tag}`).check();
    await page.getByRole('button', { name: 'Reject', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason (optional, shown to the customer)').fill(reason);
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(page.getByText('Moved 1 order to rejected.')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(3);
  });

  await test.step('5. the CSV of the view downloads, with the search applied', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const csv = fs.readFileSync(file, 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toMatch(/^Order id,Status,/);
    expect(lines).toHaveLength(3);
    expect(csv).toContain(`Ada ${tag}`);
    expect(csv).toContain(`Cy ${tag}`);
    expect(csv).not.toContain(`Ben ${tag}`);
  });

  await test.step('6. the table passes axe', async () => {
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  await test.step('7. the customer reads the reason on the order’s card and in the email', async () => {
    const mail = (
      await latestMailTo(vip.email, 10_000, { subject: `Your gift order for Ben ${tag} is rejected` })
    ).replace(/=\r?\n/g, '');
    expect(mail).toContain(`Subject: Your gift order for Ben ${tag} is rejected`);
    expect(mail).toContain(`Reason: ${reason}`);
    await page.evaluate((token) => {
      localStorage.removeItem('authtoken_admin');
      localStorage.setItem('authtoken', token);
    }, vip.token);
    await page.goto('/orders');
    const card = page.getByRole('article', { name: `Gift for Ben ${tag}` });
    await expect(card).toContainText(`Rejected: ${reason}`);
  });
});
