import type { Page } from '@playwright/test';

import { adminToken, customerToken, prepareStorage } from './public.support';
import { expect, test } from './test';

/**
 * Layout on phones and wide screens: where a new page starts scrolled, that nothing scrolls
 * sideways, that the Home hero meets the header, and that picking a calendar day brings its
 * orders into view.
 */
const PHONE = { width: 390, height: 844 };

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

async function scrollToBottom(page: Page): Promise<number> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => scrollY(page)).toBeGreaterThan(500);
  return scrollY(page);
}

test.describe('scroll position across navigation', () => {
  test('Get Started at the bottom of Home opens Sign Up at the top; Back and Forward restore each position', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const homeBottom = await scrollToBottom(page);

    await page.getByRole('main').getByRole('link', { name: 'Get Started' }).last().click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('button', { name: 'Sign Up' })).toBeVisible();
    expect(await scrollY(page)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => scrollY(page)).toBe(homeBottom);

    await page.goForward();
    await expect(page).toHaveURL(/\/signup$/);
    await expect.poll(() => scrollY(page)).toBe(0);
  });

  test('a footer link opens its page at the top, not at its bottom', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await scrollToBottom(page);

    await page.getByRole('contentinfo').getByRole('link', { name: 'How It Works' }).click();
    await expect(page).toHaveURL(/\/how-it-works$/);
    await expect(page.getByRole('heading', { name: 'From a name to a smile' })).toBeVisible();
    expect(await scrollY(page)).toBe(0);
  });
});

test.describe('nothing scrolls sideways on a 390 px phone', () => {
  const PUBLIC = [
    '/',
    '/how-it-works',
    '/about',
    '/contact',
    '/signin',
    '/signup',
    '/forgotpass',
    '/resetpass/x',
    '/no-such-page',
    '/admin',
  ];

  async function expectNoSidewaysScroll(page: Page, path: string) {
    await page.goto(path);
    await expect(page.locator('main')).not.toBeEmpty();
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe(path);
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth, `${path} is ${scrollWidth} px wide in a ${clientWidth} px window`).toBeLessThanOrEqual(
      clientWidth,
    );
  }

  test.beforeEach(({ page }) => page.setViewportSize(PHONE));

  for (const path of PUBLIC) {
    test(path, ({ page }) => expectNoSidewaysScroll(page, path));
  }

  test('/orders and /profile, signed in', async ({ page, request }) => {
    await prepareStorage(page, { authtoken: await customerToken(request) });
    await expectNoSidewaysScroll(page, '/orders');
    await expectNoSidewaysScroll(page, '/profile');
  });

  test('/adminorders and /requests, signed in as staff', async ({ page, request }) => {
    await prepareStorage(page, { authtoken_admin: await adminToken(request) });
    await expectNoSidewaysScroll(page, '/adminorders');
    await expectNoSidewaysScroll(page, '/requests');
  });
});

test.describe('the Home hero starts right under the header', () => {
  for (const width of [390, 991, 992, 1280]) {
    test(`at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      const hero = page.locator('section.mk-hero');
      await expect(hero).toBeVisible();
      const headerBottom = (await page.locator('header, .navbar').first().boundingBox())!;
      const heroBox = (await hero.boundingBox())!;
      expect(heroBox.y).toBe(headerBottom.y + headerBottom.height);
    });
  }
});

test.describe('picking a calendar day on /orders', () => {
  /** `n` days into next month as YYYY-MM-DD (local time, as the calendar shows it) and its tile's label. */
  function nextMonthDay(n: number) {
    const now = new Date();
    const date = new Date(now.getFullYear(), now.getMonth() + 1, n);
    const key = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(n).padStart(2, '0')}`;
    return { key, label: date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' }) };
  }

  async function customerWithOrders(page: Page, count: number) {
    const token = await customerToken(page.request);
    for (let day = 1; day <= count; day += 1) {
      const res = await page.request.post('/api/gifts/addgift', {
        headers: { 'auth-token': token },
        data: {
          recipientName: `Friend ${day}`,
          relationship: 'Friend',
          occasion: 'Anniversary',
          gender: 'Other',
          address: '7 Elm Road, Springfield',
          phoneNumber: '5559876543',
          email: `friend${day}@example.com`,
          interests: 'Books',
          budget: '40',
          // Next month's first day may be tomorrow: a gift card needs 1 day.
          defaultOption: 'Giftcard',
          comments: '',
          date: nextMonthDay(day).key,
        },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    await prepareStorage(page, { authtoken: token });
  }

  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    test(`brings the day's heading into view when the list was scrolled down (motion: ${reducedMotion})`, async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion });
      // The day's list arrives while the page scrolls to its heading (as on a busy machine, where this failed):
      // the windowed list measuring its new row must not stop that scroll short.
      let loads = 0;
      await page.route('**/api/gifts/getgifts', async (route) => {
        if (++loads > 1) await new Promise((resolve) => setTimeout(resolve, 300));
        await route.continue();
      });
      await page.setViewportSize({ width: 1280, height: 720 });
      await customerWithOrders(page, 14);
      await page.goto('/orders');
      await expect(page.getByRole('heading', { name: 'All your orders (14)' })).toBeVisible();
      await scrollToBottom(page);

      await page.getByRole('button', { name: 'Next month' }).click();
      const day = nextMonthDay(3);
      await page.getByRole('button', { name: new RegExp(`^${day.label}`) }).click();
      const heading = page.getByRole('heading', { name: `Orders for ${day.key}` });
      await expect(heading).toBeVisible();
      await expect(heading).toBeInViewport();

      await page.getByRole('button', { name: new RegExp(`^${nextMonthDay(20).label}`) }).click();
      await expect(page.getByRole('heading', { name: `No Orders on ${nextMonthDay(20).key}` })).toBeInViewport();
    });
  }
});
