import ICAL from 'ical.js';

import { PASSWORD } from '../support/fixtures';
import { latestMailTo, newCustomer, verifyEmail } from './support';
import { expect, test } from './test';

/**
 * Occasions and reminders, in Chromium against the built SPA and the real server (its reminder run
 * every 2 s here): a customer adds a date, sees it coming up and on the calendar, gets its reminder
 * email, follows the email's link (signing in first) to a filled order, sees "Ordered", unsubscribes
 * with one click, and reads the calendar feed back.
 */

/** A date `days` from today (local), and the same month and day in a year long ago (a birthday). */
function daysFromToday(days: number) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  const key = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return { key, birthday: `1950-${key.slice(5)}`, sameMonth: d.getMonth() === new Date().getMonth() };
}

test('a date remembered: reminded, ordered from the email, unsubscribed, and in the calendar feed', async ({
  page,
  request,
}) => {
  const { email, token } = await newCustomer(request, 'Rita Occasions');
  await verifyEmail({ request }, email);
  const nana = daysFromToday(5);
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('authtoken', t), token);
  await page.reload(); // the header checks the session when the page loads

  // People & dates: add Nana with her birthday, then her gift preferences on her page.
  await page.getByRole('link', { name: 'People & dates' }).click();
  await expect(page).toHaveURL(/\/people$/);
  await expect(page.getByRole('heading', { level: 1, name: 'People & dates' })).toBeVisible();
  await expect(page.getByText('No one here yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add a person' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a person' });
  await dialog.getByLabel('Name').fill('Nana');
  await dialog.getByLabel('Relationship').fill('Grandmother');
  await expect(dialog.getByLabel('Occasion')).toHaveValue('Birthday');
  await dialog.getByLabel('Date').fill(nana.birthday);
  await dialog.getByRole('button', { name: 'Add person' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId('person-card');
  await expect(card).toContainText('Nana');
  await expect(card).toContainText('in 5 days');
  await expect(card).toContainText(`turns ${Number(nana.key.slice(0, 4)) - 1950}`);

  await card.getByRole('link', { name: 'Nana' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nana' })).toBeVisible();
  await expect(page.getByTestId('person-date')).toContainText('Reminders: 30 days before, 7 days before');
  const details = page.getByRole('region', { name: 'Details & preferences' });
  await details.getByRole('button', { name: 'Edit details' }).click();
  await details.getByLabel('Interests').fill('Gardening');
  await details.getByLabel('Budget').fill('45');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(details.getByRole('button', { name: 'Edit details' })).toBeVisible();
  await expect(details).toContainText('Gardening');

  // Upcoming on /orders, and a ring on the calendar named for screen readers.
  await page.getByRole('link', { name: 'Orders', exact: true }).click();
  const upcoming = page.getByRole('list', { name: 'Upcoming occasions' });
  await expect(upcoming.getByTestId('upcoming-item')).toHaveText([/Nana's Birthday.*in 5 days.*Order a gift/]);
  if (!nana.sameMonth) await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page.getByTestId('occasion-marker')).toHaveCount(1);
  await expect(page.getByText("Upcoming: Nana's Birthday", { exact: true })).toBeAttached();

  // The reminder run sends the nearest reminder due (7 days before: both it and the 30-day one have passed).
  const mail = (await latestMailTo(email, 20_000, { subject: 'Reminder:' }))
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  expect(mail).toContain('Subject: Reminder: a date is coming up in 5 days');
  expect(mail).toContain("Nana's Birthday is in 5 days");
  const orderLink = /(http:\/\/\S+\/people\/\S+\?order=\S+&date=\S+)/.exec(mail)![1];
  expect(orderLink).toContain(`date=${nana.key}`);
  const unsubscribe = /List-Unsubscribe: <([^>]+)>/.exec(mail.replace(/\r?\n\s+/g, ' '))![1];
  expect(mail).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);

  // The link, signed out: sign in first, then the Add Order dialog opens on Nana's page, filled and dated.
  await page.evaluate(() => localStorage.removeItem('authtoken'));
  await page.goto(new URL(orderLink).pathname + new URL(orderLink).search);
  await expect(page).toHaveURL(/\/signin\?next=/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const order = page.getByRole('dialog', { name: 'Add Order' });
  await expect(order).toBeVisible();
  await expect(order.getByLabel('Recipient Name')).toHaveValue('Nana');
  await expect(order.getByLabel('Interests')).toHaveValue('Gardening');
  await expect(order.getByLabel('Budget')).toHaveValue('45');
  await expect(order.getByLabel('Date')).toHaveValue(nana.key);
  await order.getByLabel('Address').fill('3 Orchard Lane');
  await order.getByLabel('Phone Number').fill('5551112222');
  await order.getByLabel('Email').fill('nana@example.com');
  // A curated gift (her default option) needs 7 days: too soon for a date 5 days away; flowers need 2.
  await expect(order.getByLabel('Date')).toHaveAccessibleDescription(/is too soon\. A curated gift needs 7 days/);
  await order.getByLabel('Default Option').selectOption('Flowers');
  await expect(order.getByLabel('Date')).toHaveAccessibleDescription(/^Flowers need 2 days: the earliest delivery is/);
  await order.getByRole('button', { name: 'Order', exact: true }).click();
  await expect(order).toBeHidden();
  // Ordered on Nana's page: her gift history shows it, and the orders screen's Upcoming says Ordered.
  await expect(page).toHaveURL(/\/people\/[^?]+$/);
  await expect(page.getByTestId('given-gift')).toHaveText([/Birthday.*New/]);
  await page.getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(upcoming.getByTestId('upcoming-item')).toHaveText([/Nana's Birthday.*Ordered/]);

  // One click, no sign-in: the mail client's RFC 8058 POST turns reminder emails off.
  const click = await request.post(new URL(unsubscribe).pathname, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(await click.json()).toEqual({ success: true });
  const signedIn = await page.evaluate(() => localStorage.getItem('authtoken'));
  const prefs = await request.get('/api/auth/preferences', { headers: { 'auth-token': signedIn! } });
  expect((await prefs.json()).reminderEmails).toBe(false);

  // The calendar feed, made on the profile (its address is shown only then): Nana's birthday every year, and the
  // order's delivery date.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Make my feed address' }).click();
  const url = await page.getByRole('textbox', { name: 'Calendar feed link' }).inputValue();
  const feed = await request.get(new URL(url).pathname);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  const events = new ICAL.Component(ICAL.parse(await feed.text()))
    .getAllSubcomponents('vevent')
    .map((v) => new ICAL.Event(v));
  expect(events.map((e) => [e.summary, e.startDate.toString(), e.isRecurring()])).toEqual([
    ["Nana's Birthday", nana.birthday, true],
    ['Gift delivery: Nana (Birthday)', nana.key, false],
  ]);
});
