import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';

import { orderInput, PASSWORD } from '../support/fixtures';
import { prepareStorage } from './public.support';
import { collectAlerts, newCustomer, uniqueEmail } from './support';
import { expect, test } from './test';

/**
 * The gift-order journey, in Chromium against the built SPA and the real server:
 * a new customer is sent to /profile, completes it, places two orders (one a Birthday), sees both
 * cards and the red and blue markers, filters by a day, edits one order and sees the change after
 * a reload, and deletes the other.
 */

/** Day `n` of next month: always in the future, and both orders land in the same calendar month. */
function nextMonthDay(n: number) {
  const now = new Date();
  const date = new Date(now.getFullYear(), now.getMonth() + 1, n);
  const key = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(n).padStart(2, '0')}`;
  const label = date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
  return { key, label };
}

const BIRTHDAY = nextMonthDay(10);
const ANNIVERSARY = nextMonthDay(20);
const QUIET_DAY = nextMonthDay(15);

const RED = 'rgb(220, 53, 69)'; // --bs-red
const BLUE = 'rgb(13, 110, 253)'; // --bs-blue

async function placeOrder(
  page: Page,
  order: { recipient: string; relationship: string; occasion: string; gender: string; date: string },
) {
  await page.getByRole('button', { name: 'Order +' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Order' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Recipient Name').fill(order.recipient);
  await dialog.getByLabel('Relationship').fill(order.relationship);
  await dialog.getByLabel('Occasion').fill(order.occasion);
  await dialog.getByLabel('Gender').selectOption(order.gender);
  await dialog.getByLabel('Address').fill('7 Elm Road, Springfield');
  await dialog.getByLabel('Country code').fill('+1');
  await dialog.getByLabel('Phone Number').fill('5559876543');
  await dialog.getByLabel('Email').fill(`${order.recipient.toLowerCase()}@example.com`);
  await dialog.getByLabel('Interests').fill('Electronics');
  await dialog.getByLabel('Budget').fill('60');
  await dialog.getByLabel('Default Option').selectOption('Flowers');
  await dialog.getByLabel('Date').fill(order.date);
  await dialog.getByLabel('Comments').fill(`A ${order.occasion} surprise`);
  await dialog.getByRole('button', { name: 'Order', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: `Gift for ${order.recipient}` })).toBeVisible();
  // The keyboard stays with what was just made: the new card has the focus.
  await expect(cards(page).filter({ hasText: `Gift for ${order.recipient}` })).toBeFocused();
}

/** An axe violation with the elements it found, so a failure says what to fix. */
function describeViolation(
  where: string,
  v: { id: string; help: string; nodes: Array<{ target: unknown[]; failureSummary?: string }> },
) {
  return `${where}: ${v.id}: ${v.help}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join('; ')}`;
}

const dayTile = (page: Page, label: string) => page.getByRole('button', { name: new RegExp(`^${label}`) });
const cards = (page: Page) => page.getByTestId('order-card');
/** The gift picture a card shows, as the browser draws it (its art's first background image). */
const pictureOf = (card: Locator) =>
  card
    .locator('.order-card__art')
    .evaluate((art) => getComputedStyle(art).backgroundImage.split(', linear-gradient')[0]);

test('a customer orders, sees, filters, edits and deletes gift orders', async ({ page }) => {
  const alerts = collectAlerts(page);
  const header = page.getByRole('navigation');

  await test.step('1. a new customer is sent to /profile, completes it, and places two orders', async () => {
    await page.goto('/signup');
    await page.getByLabel('Name').fill('Journey Customer');
    await page.getByLabel('Email').fill(uniqueEmail('orders'));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/profile$/);

    // The orders screen refuses an incomplete profile.
    await header.getByRole('link', { name: 'Orders' }).click();
    await expect.poll(() => alerts).toEqual(['Please Update Your Profile Before Ordering']);
    await expect(page).toHaveURL(/\/profile$/);
    const stillNeeded = page.getByText(/^To place orders, add:/);
    await expect(stillNeeded).toHaveText(
      'To place orders, add: Address, Phone, Card holder name, Card number, Expiry month, Expiry year, Billing zip code.',
    );

    await page.getByLabel('Address').fill('12 Rose Street, Springfield');
    await page.getByLabel('Phone').fill('5551234567');
    await page.getByLabel('Card holder name').fill('Journey Customer');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry month').selectOption('12');
    await page.getByLabel('Expiry year').selectOption(String(new Date().getFullYear() + 2));
    await page.getByLabel('CVV').fill('123');
    await page.getByLabel('Billing zip code').fill('12345');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect.poll(() => alerts.at(-1)).toBe('Profile updated successfully!');
    await expect(stillNeeded).toBeHidden();

    await header.getByRole('link', { name: 'Orders' }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page.getByRole('heading', { name: 'No Orders yet' })).toBeVisible();
    await placeOrder(page, {
      recipient: 'Maya',
      relationship: 'Sister',
      occasion: 'Birthday',
      gender: 'Female',
      date: BIRTHDAY.key,
    });
    await placeOrder(page, {
      recipient: 'Jordan',
      relationship: 'Partner',
      occasion: 'Anniversary',
      gender: 'Other',
      date: ANNIVERSARY.key,
    });
    expect(alerts).toEqual([
      'Please Update Your Profile Before Ordering',
      'Profile updated successfully!',
      'Successfully ordered',
      'Successfully ordered',
    ]);
  });

  await test.step('2. sees both cards, a red marker for the Birthday and a blue one for the Anniversary', async () => {
    await expect(cards(page)).toHaveCount(2);
    await expect(page.getByText(`Your Order will Delivered by ${BIRTHDAY.key}`)).toBeVisible();
    await expect(page.getByText(`Your Order will Delivered by ${ANNIVERSARY.key}`)).toBeVisible();
    await page.getByRole('button', { name: 'Next month' }).click();
    const red = dayTile(page, BIRTHDAY.label).locator('.order-marker');
    const blue = dayTile(page, ANNIVERSARY.label).locator('.order-marker');
    await expect(red).toHaveAttribute('title', "Maya's Birthday");
    await expect(blue).toHaveAttribute('title', "Jordan's Anniversary");
    await expect(red).toHaveCSS('background-color', RED);
    await expect(blue).toHaveCSS('background-color', BLUE);
    await expect(red).toBeVisible();
    await expect(blue).toBeVisible();
  });

  await test.step('3. filters by a day, a day without orders, then sees every order again', async () => {
    await dayTile(page, BIRTHDAY.label).click();
    await expect(page.getByRole('heading', { name: `Orders for ${BIRTHDAY.key}` })).toBeVisible();
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page)).toContainText('Gift for Maya');
    await dayTile(page, QUIET_DAY.label).click();
    await expect(page.getByRole('heading', { name: `No Orders on ${QUIET_DAY.key}` })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'All Orders' }).click();
    await expect(cards(page)).toHaveCount(2);
  });

  await test.step('4. edits one order and sees the change after a reload', async () => {
    const picture = await pictureOf(cards(page).filter({ hasText: 'Gift for Maya' }));
    expect(picture).toMatch(/url\("http:\/\/[^/]+\/gifts\/gift-[1-7]\.svg"\)/);
    await page.getByRole('button', { name: 'Edit order for Maya' }).click();
    const edit = page.getByRole('dialog', { name: 'EDIT ORDER' });
    await expect(edit.getByLabel('Recipient Name')).toHaveValue('Maya');
    await expect(edit.getByLabel('Date')).toHaveValue(BIRTHDAY.key);
    await edit.getByLabel('Budget').fill('85.50');
    await edit.getByLabel('Comments').fill('Purple wrapping, please');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await page.reload();
    const maya = cards(page).filter({ hasText: 'Gift for Maya' });
    await expect(maya).toContainText('$85.50');
    await expect(maya).toContainText('Purple wrapping, please');
    await expect(maya).toContainText('New');
    // The same picture as before: it follows the order, not the visit.
    expect(await pictureOf(maya)).toBe(picture);
  });

  await test.step('5. deletes the other, after confirming', async () => {
    await page.getByRole('button', { name: 'Delete order for Jordan' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this order?' });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Delete order' }).click();
    await expect(confirm).toBeHidden();
    await expect(cards(page)).toHaveCount(1);
    await expect(page.getByText('Gift for Jordan')).toHaveCount(0);
    await page.reload();
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page)).toContainText('Gift for Maya');
    expect(alerts).toHaveLength(4);
  });
});

test('a visitor without a session is sent to /signin', async ({ page }) => {
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/signin$/);
});

test('the orders screen and its dialogs pass axe in light and dark mode', async ({ page }) => {
  collectAlerts(page);
  const { token } = await newCustomer(page.request, 'Journey Customer');
  const res = await page.request.post('/api/gifts/addgift', {
    headers: { 'auth-token': token },
    data: {
      recipientName: 'Maya',
      relationship: 'Sister',
      occasion: 'Birthday',
      address: '7 Elm Road',
      phoneNumber: '5559876543',
      email: 'maya@example.com',
      interests: 'Electronics',
      budget: '50',
      date: BIRTHDAY.key,
    },
  });
  expect(res.status()).toBe(201);

  for (const theme of ['light', 'dark']) {
    await page.addInitScript(
      ([t, th]) => {
        localStorage.setItem('authtoken', t);
        localStorage.setItem('theme', th);
      },
      [token, theme],
    );
    await page.goto('/orders');
    await expect(cards(page)).toHaveCount(1);
    const screen = await new AxeBuilder({ page }).include('main').analyze();
    expect(screen.violations.map((v) => describeViolation(theme, v))).toEqual([]);

    for (const [open, name] of [
      ['Order +', 'Add Order'],
      ['Edit order for Maya', 'EDIT ORDER'],
      ['Delete order for Maya', 'Delete this order?'],
    ]) {
      await page.getByRole('button', { name: open }).click();
      await expect(page.getByRole('dialog', { name })).toBeVisible();
      // Let the fade-in finish so colours are measured at full opacity.
      await page.waitForTimeout(400);
      const dialog = await new AxeBuilder({ page }).include('.modal').analyze();
      expect(dialog.violations.map((v) => describeViolation(`${theme} ${name}`, v))).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
  }
});

/** `date` plus `days` (local), and its day as YYYY-MM-DD and as a calendar tile's label. */
function dayFrom(date: Date, days: number, months = 0) {
  const d = new Date(date.getFullYear(), date.getMonth() + months, date.getDate() + days);
  const key = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const label = d.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
  return { date: d, key, label, month: d.toLocaleDateString('en-US', { month: 'long', year: 'numeric' }) };
}

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

test('the keyboard path: a skip link, the calendar one Tab stop with arrow keys, focus on the new card', async ({
  page,
  request,
}) => {
  collectAlerts(page);
  const { token } = await newCustomer(request, 'Kim Keys');
  const headers = { 'auth-token': token };
  const now = new Date();
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const listed = await request.post('/api/gifts/addgift', {
    headers,
    data: orderInput({ date: dayFrom(today, 20).key }),
  });
  expect(listed.status(), 'an order in the list').toBe(201);
  // Theo's birthday in ten days, with his details: Upcoming offers "Order a gift" and the form opens complete.
  const theo = dayFrom(today, 10);
  const remembered = await request.post('/api/occasions', {
    headers,
    data: {
      recipientName: 'Theo',
      relationship: 'Friend',
      occasion: 'Birthday',
      date: `1990-${theo.key.slice(5)}`,
      address: '3 Orchard Lane',
      phoneNumber: '5551112222',
      email: 'theo@example.com',
      interests: 'Books',
      budget: '40',
    },
  });
  expect(remembered.status(), 'a date in ten days').toBe(201);

  await prepareStorage(page, { authtoken: token, theme: 'light' });
  await page.goto('/orders');
  const orderAGift = page.getByRole('button', { name: "Order a gift for Theo's Birthday" });
  await expect(orderAGift).toBeVisible();
  await expect(cards(page)).toHaveCount(1);

  await test.step('from the top of the page to "Order a gift" in at most 15 Tab presses', async () => {
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    let tabs = 0;
    let firstStop = '';
    while (tabs < 80 && !(await isFocused(orderAGift))) {
      await page.keyboard.press('Tab');
      tabs += 1;
      if (tabs === 1) firstStop = await page.evaluate(() => document.activeElement?.textContent ?? '');
      // The skip link is followed as a keyboard user does: Enter, then on with Tab.
      if ((await skip.count()) > 0 && (await isFocused(skip))) {
        await expect(skip).toBeInViewport();
        await page.keyboard.press('Enter');
        await expect(page.getByRole('main')).toBeFocused();
      }
    }
    console.info(`Tab presses from the top of /orders to "Order a gift": ${tabs}`);
    expect(await isFocused(orderAGift), 'reached "Order a gift"').toBe(true);
    expect(tabs).toBeLessThanOrEqual(15);
    expect(firstStop).toBe('Skip to main content');
  });

  await test.step('the calendar: one Tab stop, arrow keys inside, Enter picks the day', async () => {
    await page.getByRole('button', { name: 'Next month' }).focus();
    await page.keyboard.press('Tab');
    await expect(dayTile(page, dayFrom(today, 0).label)).toBeFocused();
    const monthShown = page.getByRole('button', { name: 'Choose month and year' });
    const steps: [string, ReturnType<typeof dayFrom>][] = [
      ['ArrowRight', dayFrom(today, 1)],
      ['ArrowDown', dayFrom(today, 8)],
      ['ArrowLeft', dayFrom(today, 7)],
      ['ArrowUp', dayFrom(today, 0)],
      ['PageDown', dayFrom(today, 0, 1)],
      ['PageUp', dayFrom(today, 0)],
      ['Home', dayFrom(today, -today.getDay())],
      ['End', dayFrom(today, 6 - today.getDay())],
    ];
    for (const [key, day] of steps) {
      await page.keyboard.press(key);
      await expect(dayTile(page, day.label), key).toBeFocused();
      await expect(monthShown, key).toHaveText(day.month);
    }
    const picked = steps.at(-1)![1];
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: new RegExp(`Orders (for|on) ${picked.key}`) })).toBeVisible();
    // Out of the calendar with one Tab: the next stop is Upcoming's button.
    await dayTile(page, picked.label).focus();
    await page.keyboard.press('Tab');
    await expect(orderAGift).toBeFocused();
  });

  await test.step('an order placed from Upcoming puts the focus on its new card', async () => {
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add Order' });
    await expect(dialog.getByLabel('Recipient Name')).toHaveValue('Theo');
    await dialog.getByRole('button', { name: 'Order', exact: true }).click();
    await expect(dialog).toBeHidden();
    const card = cards(page).filter({ hasText: 'Gift for Theo' });
    await expect(card).toBeFocused();
    await expect(card).toBeInViewport();
  });
});
