import { adminToken, customerToken, prepareStorage } from './public.support';
import { expect, test } from './test';

/**
 * The strict Content-Security-Policy (no inline script or style) must not break any screen: a violation
 * shows up as a console error, so every screen is visited and the console read.
 */
const PUBLIC = [
  '/',
  '/how-it-works',
  '/about',
  '/contact',
  '/signin',
  '/signup',
  '/forgotpass',
  '/admin',
  '/no-such-page',
];

test('every screen renders under the strict Content-Security-Policy without a violation', async ({ page, request }) => {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(`${page.url()}: ${msg.text()}`);
  });
  page.on('dialog', (dialog) => void dialog.accept());

  for (const path of PUBLIC) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
  }
  await page.getByRole('button', { name: 'Support' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  await prepareStorage(page, {
    authtoken: await customerToken(request),
    authtoken_admin: await adminToken(request),
    theme: 'dark',
  });
  for (const path of ['/orders', '/profile', '/adminorders', '/requests']) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
  }
  await page.goto('/orders');
  await page.getByRole('button', { name: 'Order +' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();

  expect(violations).toEqual([]);
});

test('documents and assets carry the security and caching headers', async ({ request }) => {
  const doc = await request.get('/orders');
  const headers = doc.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("style-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).not.toContain('unsafe-inline');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['cache-control']).toBe('no-cache');
  expect(headers['strict-transport-security']).toBeUndefined(); // plain HTTP: HSTS only over HTTPS

  const script = /src="(\/static\/js\/[^"]+\.js)"/.exec(await doc.text())![1];
  const asset = await request.get(script, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(asset.headers()['content-encoding']).toBe('br');
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});
