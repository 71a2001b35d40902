import type { Page } from '@playwright/test';

import type { Db } from '../../server/db/db';
import { hashPassword } from '../../server/lib/secrets';
import { createSession } from '../../server/modules/accounts/sessions';
import { COMPLETE_PROFILE, PASSWORD } from '../support/fixtures';
import { seedOrders } from './seed';
import { expect, test } from './test';

/**
 * /orders at volume, in Chromium against the built SPA and the real server: a customer with 1,000 orders (written
 * over SQL before the server starts) sees a windowed list that scrolls to its last card with few cards in the page,
 * re-measures a card whose content grows, narrows it by view and by recipient, and follows a link to one order.
 */
const ORDERS = 1000;
let token = '';

async function seedCustomerWithOrders(db: Db) {
  const { rows } = await db.query<{ id: string }>(
    `insert into users (name, email, password_hash, address, phno, card_holder_name, card_last4, card_exp_month,
       card_exp_year, billing_zip)
     values ('Long List', 'long.list@example.com', $1, $2, $3, 'Long List', '4242', 12, extract(year from now())::int + 2,
       '12345')
     returning id::text as id`,
    [await hashPassword(PASSWORD), COMPLETE_PROFILE.address, COMPLETE_PROFILE.phno],
  );
  // Every fifth order delivered, every tenth rejected, the rest new; dates over the coming year; a comment
  // every third order, so cards differ in height.
  await seedOrders(
    db,
    `select $1::uuid as user_id, 'Recipient ' || g as recipient_name,
       case when g % 3 = 0 then repeat('Wrap it in something bright, please. ', 1 + g % 7) else '' end as comments,
       current_date + 10 + g % 365 as date,
       case when g % 10 = 0 then 'rejected' when g % 5 = 0 then 'finished' else 'new' end as status,
       case when g % 10 = 0 then 'Out of stock' end as status_reason
     from generate_series(1, $2::int) g`,
    [rows[0].id, ORDERS],
  );
  token = await createSession(db, 'customer', rows[0].id);
}

test.use({ seed: { write: seedCustomerWithOrders } });

const cards = (page: Page) => page.getByTestId('order-card');

async function openOrders(page: Page, path = '/orders') {
  await page.addInitScript((t) => localStorage.setItem('authtoken', t), token);
  await page.goto(path);
}

test('a long list is windowed, scrolls to its end, narrows by view and name, and follows a link to a card', async ({
  page,
  request,
}) => {
  const answer = await request.get('/api/gifts/getgifts', { headers: { 'auth-token': token } });
  const list = (await answer.json()) as Array<{ _id: string; recipientName: string; status: string }>;
  // Open orders all, closed ones up to the server's CLOSED_ORDERS_LIST_LIMIT.
  expect(list.length).toBeGreaterThan(500);
  await openOrders(page);

  await test.step('1. all orders are counted, but only a screenful of cards is in the page', async () => {
    await expect(page.getByRole('heading', { name: `All your orders (${list.length})` })).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
    expect(await cards(page).count()).toBeLessThan(30);
    const first = cards(page).first();
    await expect(first.getByRole('heading', { name: `Gift for ${list[0].recipientName}` })).toBeVisible();
    await expect(first.getByText(/^Your Order will Delivered by \d{4}-\d{2}-\d{2}$/)).toBeVisible();
    for (const label of ['Relationship', 'Occasion', 'Address', 'Budget', 'Default option']) {
      await expect(first.getByText(label, { exact: true })).toBeVisible();
    }
  });

  await test.step('2. scrolling down the page draws the cards it reaches, down to the last one', async () => {
    const last = list[list.length - 1];
    const lastHeading = page.getByRole('heading', { name: `Gift for ${last.recipientName}`, exact: true });
    // Wheel down until the page's foot is on screen, below the last row. (Stopping at the first frame that found the
    // page where it was stopped mid-list once in five runs on a busy machine: a wheel not yet applied by that frame.)
    for (let i = 0; i < 400; i++) {
      await page.mouse.wheel(0, 4000);
      const atFoot = await page.evaluate(
        () =>
          new Promise<boolean>((r) =>
            requestAnimationFrame(() =>
              r(window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2),
            ),
          ),
      );
      if (atFoot) break;
    }
    await lastHeading.evaluate((el) => el.closest('article')!.scrollIntoView({ block: 'nearest' }));
    await expect(lastHeading).toBeInViewport();
    expect(await cards(page).count()).toBeLessThan(30);
    await expect(page.getByRole('heading', { name: `Gift for ${list[0].recipientName}`, exact: true })).toHaveCount(0);
  });

  await test.step('3. a card whose content grows is measured again: the rows below move down, none overlap', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    const firstRow = page.locator('.orders-row[data-index="0"]');
    const secondRow = page.locator('.orders-row[data-index="1"]');
    const before = (await firstRow.boundingBox())!;
    // What another part of the card (a proposal, a timeline) does when it opens: the cards of the row grow.
    await firstRow.locator('.card-body').evaluateAll((bodies) =>
      bodies.forEach((body) => {
        const grown = document.createElement('div');
        grown.style.height = '400px';
        body.append(grown);
      }),
    );
    await expect.poll(async () => (await firstRow.boundingBox())!.height).toBeGreaterThan(before.height + 390);
    const grownBox = (await firstRow.boundingBox())!;
    await expect
      .poll(async () => (await secondRow.boundingBox())!.y)
      // The virtualizer rounds a measured height to the pixel.
      .toBeGreaterThanOrEqual(grownBox.y + grownBox.height - 1);
  });

  await test.step('4. the Delivered view and a search by recipient narrow the list', async () => {
    const delivered = list.filter((o) => o.status === 'finished');
    await page.getByRole('tab', { name: /^Delivered/ }).click();
    await expect(page.getByRole('heading', { name: `Delivered orders (${delivered.length})` })).toBeVisible();
    await expect(cards(page).first().getByText('Finished', { exact: true })).toBeVisible();
    const named = delivered[3].recipientName;
    await page.getByRole('searchbox', { name: 'Search by recipient' }).fill(named);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).getByRole('heading', { name: `Gift for ${named}` })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search by recipient' }).fill('nobody by that name');
    await expect(page.getByText('No recipient here matches “nobody by that name”.')).toBeVisible();
  });

  await test.step('5. /orders?order=<id> scrolls far down to that card and focuses it, with a visible ring', async () => {
    const target = list[Math.floor(list.length * 0.9)];
    await page.goto(`/orders?order=${target._id}`);
    const card = page.getByRole('article', { name: `Gift for ${target.recipientName}`, exact: true });
    await expect(card).toBeFocused();
    await expect(card).toBeInViewport();
    const outline = await card.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).toBe('solid');
  });
});
