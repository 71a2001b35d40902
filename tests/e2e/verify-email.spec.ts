import { latestMailTo, uniqueEmail, verifyEmail } from './support';
import { expect, test } from './test';

/**
 * A new customer's address is verified before any reminder goes to it: sign up in the browser, see the profile
 * say the address is not verified, confirm it from the emailed link, add a person with a birthday, and get its reminder (the
 * server's reminder run comes every 2 s here).
 */

/** The same month and day as `days` from today (local) in a year long ago: a birthday. */
function birthdayIn(days: number) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `1960-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

test('sign up, verify the email from the outbox, add a person with a birthday, get its reminder', async ({ page }) => {
  const email = uniqueEmail('verify');

  await test.step('1. sign up: the profile says the address is not verified', async () => {
    await page.goto('/signup');
    await page.getByLabel('Name').fill('Vera Verify');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('verify me please 1');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const notice = page.getByRole('region', { name: 'Verification needed' });
    await expect(notice).toContainText(`Your email address ${email} is not verified yet.`);
    await expect(notice.getByRole('button', { name: 'Send the link again' })).toBeEnabled();
  });

  await test.step('2. open the link from the outbox and confirm: the notice is gone', async () => {
    await verifyEmail({ page }, email);
    await page.getByRole('link', { name: 'Go to your orders' }).click();
    await expect(page).toHaveURL(/\/(orders|profile)$/);
    await page.goto('/profile');
    await expect(page.getByLabel('UserName')).toHaveValue('Vera Verify');
    await expect(page.getByRole('region', { name: 'Verification needed' })).toHaveCount(0);
  });

  await test.step('3. add a person whose birthday is two days away, and get its reminder', async () => {
    await page.goto('/people');
    await page.getByRole('button', { name: 'Add your first person' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a person' });
    await dialog.getByLabel('Name').fill('Grace');
    await dialog.getByLabel('Relationship').fill('Aunt');
    await dialog.getByLabel('Date').fill(birthdayIn(2));
    await dialog.getByRole('button', { name: 'Add person' }).click();
    await expect(dialog).toBeHidden();

    const mail = await latestMailTo(email, 20_000, { subject: 'Reminder:' });
    expect(mail).toContain('Subject: Reminder: a date is coming up in 2 days');
    expect(mail).toContain("Grace's Birthday is in 2 days");
  });
});
