import { adminNotes } from './public.support';
import { collectAlerts, uniqueEmail } from './support';
import { expect, test } from './test';

test.describe('public site', () => {
  test('a visitor sends a Support enquiry from the footer; staff can read it', async ({ page, request }) => {
    const alerts = collectAlerts(page);
    const email = uniqueEmail('support');
    const details = `My order for Mum has not arrived yet (${Date.now()})`;
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const footer = page.getByRole('contentinfo');
    await footer.getByRole('button', { name: 'Support' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Support' })).toBeVisible();
    await dialog.getByLabel('Name').fill('Mia Visitor');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Details').fill(details);
    await dialog.getByRole('button', { name: 'Send' }).click();

    await expect(dialog).toBeHidden();
    expect(alerts).toEqual(['Sent Successfully']);

    // Reopened: name and email kept, details cleared.
    await footer.getByRole('button', { name: 'Support' }).click();
    await expect(dialog.getByLabel('Name')).toHaveValue('Mia Visitor');
    await expect(dialog.getByLabel('Email')).toHaveValue(email);
    await expect(dialog.getByLabel('Details')).toHaveValue('');

    const notes = await adminNotes(request, 'Support');
    expect(notes).toContainEqual(expect.objectContaining({ name: 'Mia Visitor', email, details }));
  });

  test('a visitor sends a message from the contact page; it is stored as a Contact Us enquiry', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('contact');
    const message = `Do you deliver to Toronto? (${Date.now()})`;
    await page.goto('/contact');
    await page.getByLabel('Name').fill('Noah Visitor');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Message', { exact: true }).fill(message);
    await page.getByRole('button', { name: 'Send Message' }).click();

    await expect(
      page.getByText("Thank you! Your message has been sent successfully. We'll get back to you soon."),
    ).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');

    const notes = await adminNotes(request, 'Contact Us');
    expect(notes).toContainEqual(expect.objectContaining({ name: 'Noah Visitor', email, details: message }));
  });

  test('Get Started goes to sign-up for a visitor; the second button explains how it works', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'See How It Works' }).click();
    await expect(page).toHaveURL(/\/how-it-works$/);
    await expect(page.getByRole('heading', { name: 'Five stages, zero stress' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });
});

test.describe('a shell that fails well', () => {
  test('a screen whose code fails to load shows "Loading chunk N failed" with a reason, and Retry recovers', async ({
    page,
  }) => {
    await page.route('**/static/js/AboutPage.*.chunk.js', (route) => route.abort('failed'));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.locator('.navbar').getByRole('link', { name: 'About', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Loading chunk AboutPage failed' })).toBeVisible();
    await expect(page.getByText(/\(error: http:\/\/\S+\/static\/js\/AboutPage\.[\w-]+\.chunk\.js\)/)).toBeVisible();
    // Still inside the site's layout: header and footer are there.
    await expect(page.locator('.navbar')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    await page.unroute('**/static/js/AboutPage.*.chunk.js');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('To make thoughtfulness effortless - one gift at a time')).toBeVisible();
  });

  test('a failure on the first load of a page is shown too', async ({ page }) => {
    await page.route('**/static/js/ContactPage.*.chunk.js', (route) => route.abort('connectionreset'));
    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: 'Loading chunk ContactPage failed' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  test('an unknown route shows the friendly 404 page with a way home', async ({ page }) => {
    await page.goto('/this-page-does-not-exist');
    await expect(page.getByRole('heading', { level: 1, name: 'This gift box is empty' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found | Giftwise');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Never miss a moment that matters' })).toBeVisible();
  });

  test('each public page has its own title and description', async ({ page }) => {
    const descriptions = new Set<string>();
    for (const [path, title] of [
      ['/', 'Thoughtful gifts, delivered on time | Giftwise'],
      ['/how-it-works', 'How It Works | Giftwise'],
      ['/about', 'About | Giftwise'],
      ['/contact', 'Contact | Giftwise'],
    ]) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
      descriptions.add((await page.locator('meta[name="description"]').getAttribute('content'))!);
    }
    expect(descriptions.size).toBe(4);
  });
});
