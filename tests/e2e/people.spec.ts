import { dateInWords } from '../../contract/dateWords';
import { SHELL_MESSAGES } from '../../contract/shellMessages';
import { PASSWORD } from '../support/fixtures';
import { seriousViolations } from './axe';
import { collectAlerts, uniqueEmail } from './support';
import { expect, test } from './test';

/**
 * The People screens in Chromium against the built SPA and the real server: a new customer, with no card saved,
 * adds a person and their dates, keeps their preferences and gift ideas, and is sent to the profile only when
 * ordering; both screens fit a 320 px wide phone.
 */

/** Month and day `days` from today (local), as the date form's Month and Day choices name them, and as YYYY-MM-DD. */
function monthDayIn(days: number) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    month: d.toLocaleDateString('en-GB', { month: 'long' }),
    day: String(d.getDate()),
    iso: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
  };
}

test('a new customer keeps a person, their dates, preferences and gift ideas before saving a card', async ({
  page,
  request,
}) => {
  const alerts = collectAlerts(page);
  const signUp = await request.post('/api/auth/createUser', {
    data: { name: 'Pia People', email: uniqueEmail('people'), password: PASSWORD },
  });
  const { authtoken } = (await signUp.json()) as { authtoken: string };
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('authtoken', t), authtoken);
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Add the people you buy for' }).click();
  await expect(page).toHaveURL(/\/people$/);

  // A first date without its year, ten days away.
  const soon = monthDayIn(10);
  await page.getByRole('button', { name: 'Add your first person' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a person' });
  await dialog.getByLabel('Name').fill('Gran');
  await dialog.getByLabel('Relationship').fill('Grandmother');
  await dialog.getByLabel("I don't know the year").check();
  await dialog.getByLabel('Month').selectOption(soon.month);
  await dialog.getByLabel('Day').selectOption(soon.day);
  await dialog.getByRole('button', { name: 'Add person' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId('person-card');
  await expect(card).toContainText(`Birthday · `);
  // Dates in words in the browser's own locale ("Fri, Dec 18" in en-US), the date itself in <time>.
  const locale = await page.evaluate(() => navigator.language);
  await expect(card.locator(`time[datetime="${soon.iso}"]`)).toHaveText(
    dateInWords(soon.iso, { locale, short: true, weekday: true }),
  );
  await expect(card).toContainText('in 10 days');

  // Her page: preferences edited in place, a gift idea struck through, a second date with its year.
  await card.getByRole('link', { name: 'Gran' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gran' })).toBeVisible();
  const details = page.getByRole('region', { name: 'Details & preferences' });
  await details.getByRole('button', { name: 'Edit details' }).click();
  await details.getByLabel('Interests').fill('Gardening');
  await details.getByLabel('Allergies').fill('Lilies');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(details.getByRole('button', { name: 'Edit details' })).toBeFocused();
  await expect(details).toContainText('Lilies');

  const ideas = page.getByRole('region', { name: 'Gift ideas' });
  await ideas.getByLabel('New gift idea').fill('Seed catalogue');
  await ideas.getByRole('button', { name: 'Add idea' }).click();
  await ideas.getByRole('checkbox', { name: 'Seed catalogue' }).click(); // checked once the server has it
  await expect(ideas.getByRole('checkbox', { name: 'Seed catalogue' })).toBeChecked();

  const dates = page.getByRole('region', { name: 'Dates' });
  await dates.getByRole('button', { name: 'Add a date' }).click();
  const dateDialog = page.getByRole('dialog', { name: 'Add a date for Gran' });
  await dateDialog.getByLabel('Occasion').selectOption('Anniversary');
  await dateDialog.getByLabel('Date').fill('1976-06-12');
  await dateDialog.getByRole('button', { name: 'Save date' }).click();
  await expect(dateDialog).toBeHidden();
  await expect(dates.getByTestId('person-date')).toHaveCount(2);
  await expect(dates).toContainText(`Anniversary · ${dateInWords('1976-06-12', { locale, short: true })}`);
  await expect(page.getByRole('region', { name: 'Gift history' })).toContainText('No gifts ordered for Gran yet.');

  // Everything is kept: read back after a reload.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Details & preferences' })).toContainText('Gardening');
  await expect(
    page.getByRole('region', { name: 'Gift ideas' }).getByRole('checkbox', { name: 'Seed catalogue' }),
  ).toBeChecked();

  // Both screens, filled, have no serious accessibility problem in either theme (the dark one: its colours).
  const personPage = page.url();
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    for (const path of [personPage, '/people']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
      await expect(page.getByText('Gran', { exact: true }).first()).toBeVisible();
      expect(await seriousViolations(page, { colours: theme === 'dark' })).toEqual([]);
    }
  }

  // Both screens fit a 320 px phone.
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of [personPage, '/people']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  }

  // Ordering needs the card: the profile asks for it.
  await page.getByRole('button', { name: 'Order a gift for Gran' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  expect(alerts).toEqual([SHELL_MESSAGES.updateProfileFirst]);
});
