import { collectAlerts, newCustomer } from './support';
import { expect, test } from './test';

/**
 * Issue 22's journey in Chromium against the built SPA and the real server: a customer imports a vCard of three
 * contacts (as a phone exports them), sees them sorted by their next date, opens the soonest, adds a gift idea,
 * orders a gift from their next date, and finds it in their gift history.
 */

/** The month and day `days` from today (local), as vCard writes a date without its year, and as YYYY-MM-DD. */
function dayIn(days: number) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    noYear: `--${pad(d.getMonth() + 1)}${pad(d.getDate())}`,
    iso: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    withYear: (year: number) => `${year}${pad(d.getMonth() + 1)}${pad(d.getDate())}`,
  };
}

const card = (lines: string[]) => ['BEGIN:VCARD', 'VERSION:3.0', ...lines, 'END:VCARD', ''].join('\r\n');

test('import three contacts, order a gift from the soonest one, see it in their gift history', async ({
  page,
  request,
}) => {
  const alerts = collectAlerts(page);
  const { token } = await newCustomer(request, 'Ivy Import');
  const soon = dayIn(6);
  const vcf =
    card(['FN:Olive Later', `BDAY:${dayIn(40).noYear}`]) +
    card([
      'FN:Nora Soon',
      'EMAIL;type=INTERNET:nora@example.com',
      'TEL;type=CELL:(555) 201-3344',
      'ADR;type=HOME:;;4 Birch Lane;Springfield;IL;62701;',
      `BDAY:${soon.withYear(1956)}`,
    ]) +
    card(['FN:Milo Middle', `X-ANNIVERSARY:${dayIn(20).withYear(2001)}`]);

  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('authtoken', t), token);
  await page.goto('/people');
  await page.getByRole('button', { name: 'Import contacts' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Import contacts' });
  await dialog
    .getByLabel('Contacts file (vCard .vcf or CSV)')
    .setInputFiles({ name: 'contacts.vcf', mimeType: 'text/vcard', buffer: Buffer.from(vcf) });
  // The preview first: who will be added, with their dates; nothing is stored yet.
  const added = dialog.getByRole('table', { name: 'Will be added' });
  await expect(added.getByRole('row', { name: /Nora Soon/ })).toContainText('Birthday');
  await expect(added.getByRole('row', { name: /Milo Middle/ })).toContainText('Anniversary');
  await dialog.getByRole('button', { name: 'Import 3 people' }).click();
  await expect(dialog).toContainText('Imported 3 people.');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();

  // Sorted by their next date, each with "in N days"; the soonest says the age she turns.
  const cards = page.getByTestId('person-card');
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(0)).toContainText('Nora Soon');
  await expect(cards.nth(0)).toContainText('in 6 days');
  await expect(cards.nth(0)).toContainText(`turns ${Number(soon.iso.slice(0, 4)) - 1956}`);
  await expect(cards.nth(1)).toContainText('Milo Middle');
  await expect(cards.nth(1)).toContainText('in 20 days');
  await expect(cards.nth(2)).toContainText('Olive Later');

  // Her page: a gift idea, then a gift ordered from her next date.
  await cards.nth(0).getByRole('link', { name: 'Nora Soon' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nora Soon' })).toBeVisible();
  const ideas = page.getByRole('region', { name: 'Gift ideas' });
  await ideas.getByLabel('New gift idea').fill('Silk scarf');
  await ideas.getByRole('button', { name: 'Add idea' }).click();
  await expect(ideas.getByRole('checkbox', { name: 'Silk scarf' })).toBeVisible();

  await page.getByRole('button', { name: 'Order a gift', exact: true }).click();
  const order = page.getByRole('dialog', { name: 'Add Order' });
  await expect(order.getByLabel('Recipient Name')).toHaveValue('Nora Soon');
  await expect(order.getByLabel('Email')).toHaveValue('nora@example.com');
  await expect(order.getByLabel('Date')).toHaveValue(soon.iso);
  await expect(order.getByLabel('Comments')).toHaveValue(/Silk scarf/);
  // What a vCard does not say, the customer adds.
  await order.getByLabel('Relationship').fill('Aunt');
  await order.getByLabel('Interests').fill('Poetry');
  await order.getByLabel('Budget').fill('40');
  // Six days away: too soon for a curated gift (7 days), not for flowers.
  await order.getByLabel('Default Option').selectOption('Flowers');
  await order.getByRole('button', { name: 'Order', exact: true }).click();
  await expect(order).toBeHidden();
  expect(alerts).toContain('Successfully ordered');

  const history = page.getByRole('region', { name: 'Gift history' });
  await expect(history.getByTestId('given-gift')).toHaveCount(1);
  await expect(history.getByTestId('given-gift')).toContainText('Birthday');
  await expect(history.getByTestId('given-gift')).toContainText('$40');
});
