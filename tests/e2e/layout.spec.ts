import type { Page } from '@playwright/test';

import { adminToken, customerToken, prepareStorage } from './public.support';
import { expect, test } from './test';

/**
 * Layout on phones and wide screens: where a new page starts scrolled, that nothing scrolls
 * sideways, that the Home hero meets the header, that no panel overlaps another at any width or scroll
 * position, and that picking a calendar day brings its orders into view.
 */
const PHONE = { width: 390, height: 844 };

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

async function scrollToBottom(page: Page): Promise<number> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => scrollY(page)).toBeGreaterThan(500);
  return scrollY(page);
}

/** `n` days into next month as YYYY-MM-DD (local time, as the calendar shows it) and its tile's label. */
function nextMonthDay(n: number) {
  const now = new Date();
  const date = new Date(now.getFullYear(), now.getMonth() + 1, n);
  const key = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(n).padStart(2, '0')}`;
  return { key, label: date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' }) };
}

async function customerWithOrders(page: Page, count: number): Promise<string> {
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
  return token;
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

/**
 * The panels and cards drawn in the page that overlap another (neither inside the other), as "A overlaps B"; and
 * any that reaches past the window's right edge. Borders that touch (Bootstrap's 1 px joins) do not count.
 */
function overlapsIn(page: Page, selectors: Record<string, string>): Promise<string[]> {
  return page.evaluate((named) => {
    /** The part of an element's box that is drawn: its box cut by every box around it that clips what overflows. */
    const drawn = (element: Element): DOMRect => {
      let { left, top, right, bottom } = element.getBoundingClientRect();
      for (let up = element.parentElement; up && up !== document.documentElement; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const clip = up.getBoundingClientRect();
        left = Math.max(left, clip.left);
        top = Math.max(top, clip.top);
        right = Math.min(right, clip.right);
        bottom = Math.min(bottom, clip.bottom);
      }
      return new DOMRect(left, top, Math.max(0, right - left), Math.max(0, bottom - top));
    };
    const seen = new Set<Element>();
    const boxes = Object.entries(named).flatMap(([name, selector]) =>
      [...document.querySelectorAll(selector)]
        .map((element, i) => ({ name: `${name} ${i + 1}`, element, rect: drawn(element) }))
        // An element named twice (a panel is also a section) is compared once, under its first name.
        .filter(({ element, rect }) => !seen.has(element) && seen.add(element) && rect.width > 0 && rect.height > 0),
    );
    const where = (r: DOMRect) =>
      `[${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)}]`;
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    for (const [i, a] of boxes.entries()) {
      if (a.rect.right > width + 1) found.push(`${a.name} ${where(a.rect)} reaches past the window's ${width} px`);
      for (const b of boxes.slice(i + 1)) {
        if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
        const across = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
        const down = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
        if (across > 1 && down > 1) found.push(`${a.name} ${where(a.rect)} overlaps ${b.name} ${where(b.rect)}`);
      }
    }
    // Nothing to compare would pass any page: say how many boxes were found.
    if (boxes.length < 3) found.push(`only ${boxes.length} boxes found: ${boxes.map((b) => b.name).join(', ')}`);
    return found;
  }, selectors);
}

const WIDTHS = [320, 390, 768, 1024, 1280, 1920];

/**
 * At each width, scrolled from the top to the bottom a third of a window at a time (a panel that slides over a sticky
 * one does so only while the two pass): no overlap, nothing past the right edge.
 */
async function expectNothingOverlaps(page: Page, selectors: Record<string, string>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (let step = 0; ; step += 1) {
      const { y, last } = await page.evaluate((n) => {
        const bottom = document.documentElement.scrollHeight - window.innerHeight;
        const to = Math.min(bottom, Math.round((n * window.innerHeight) / 3));
        window.scrollTo(0, to);
        return { y: to, last: to >= bottom };
      }, step);
      // The windowed list measures its rows a frame or two after a resize or a scroll.
      await expect
        .poll(() => overlapsIn(page, selectors), {
          message: `${new URL(page.url()).pathname} at ${width} px, scrolled to ${y}`,
        })
        .toEqual([]);
      if (last) break;
    }
  }
}

/** What every screen is made of: the page's parts, its sections, cards and tables. */
const PAGE_PARTS = {
  header: 'body header, .navbar',
  footer: 'footer',
  section: 'main section',
  card: 'main .card',
  table: 'main table',
};

/** A person with a birthday (year not known) `days` from now; their id. */
async function personWithBirthdayIn(page: Page, token: string, days: number): Promise<string> {
  const person = await page.request.post('/api/people', {
    headers: { 'auth-token': token },
    data: { name: `Upcoming ${days}`, relationship: 'Friend' },
  });
  expect(person.status(), await person.text()).toBe(201);
  const { _id } = (await person.json()) as { _id: string };
  const on = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const date = await page.request.post(`/api/people/${_id}/dates`, {
    headers: { 'auth-token': token },
    data: { occasion: 'Birthday', date: `--${on.slice(5)}` },
  });
  expect(date.status(), await date.text()).toBe(201);
  return _id;
}

test.describe('no panel overlaps another, from 320 to 1920 px, at any scroll position', () => {
  test('/orders: the sticky calendar, Upcoming and the order cards', async ({ page }) => {
    const token = await customerWithOrders(page, 14);
    // Four people with a birthday in the coming weeks, so the Upcoming list is long.
    for (const days of [3, 9, 15, 21]) await personWithBirthdayIn(page, token, days);
    await page.goto('/orders');
    await expect(page.getByRole('heading', { name: 'All your orders (14)' })).toBeVisible();
    await expect(page.getByTestId('upcoming-item')).toHaveCount(4);
    await expectNothingOverlaps(page, {
      calendar: 'section[aria-labelledby="calendar-heading"]',
      upcoming: 'section[aria-labelledby="upcoming-heading"]',
      orders: 'section[aria-labelledby="orders-heading"]',
      'order card': '.order-card',
      ...PAGE_PARTS,
    });
  });

  test('Home, People, a person, Profile and the admin console', async ({ page }) => {
    const token = await customerWithOrders(page, 3);
    const personId = await personWithBirthdayIn(page, token, 12);
    await prepareStorage(page, { authtoken_admin: await adminToken(page.request) });
    const screens: Array<[string, () => Promise<void>]> = [
      ['/', () => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
      ['/people', () => expect(page.getByTestId('person-card')).toHaveCount(1)],
      [`/people/${personId}`, () => expect(page.getByRole('heading', { level: 1, name: 'Upcoming 12' })).toBeVisible()],
      ['/profile', () => expect(page.getByRole('button', { name: 'Update Profile' })).toBeVisible()],
      ['/adminorders', () => expect(page.getByRole('heading', { level: 1, name: 'New Orders' })).toBeVisible()],
    ];
    for (const [path, ready] of screens) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(path);
      await ready();
      await expectNothingOverlaps(page, PAGE_PARTS);
    }
  });
});

test.describe('the admin header', () => {
  test('keeps each section with its count on one line and its tools in one row, overlapping nothing, with a long email', async ({
    page,
  }) => {
    // The longest an admin's email and the counts are likely to be: the header must make room for both.
    const email = 'alexandra.montgomery-fitzwilliam@operations.giftwise-provider.example';
    await page.route('**/api/admin/check', (route) => route.fulfill({ json: { success: true, email } }));
    await page.route('**/api/admin/orderCounts*', (route) =>
      route.fulfill({
        json: { success: true, counts: { new: 12_345, processed: 104_321, finished: 98_765, rejected: 4_321 } },
      }),
    );
    await prepareStorage(page, { authtoken_admin: await adminToken(page.request) });
    await page.goto('/adminorders');
    await expect(page.getByRole('heading', { level: 1, name: 'New Orders' })).toBeVisible();
    const header = page.getByRole('navigation', { name: 'Admin' });
    // The email is cut short on screen, whole in its title and its text (a screen reader reads it all).
    await expect(header.getByTitle(email)).toHaveText(email);
    const parts = {
      brand: 'nav[aria-label="Admin"] .navbar-brand',
      section: '.admin-views .nav-link',
      tool: '.admin-tools > *',
    };
    for (const width of [1024, 1280, 1920]) {
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(() => overlapsIn(page, parts), { message: `at ${width} px` }).toEqual([]);
      const rows = await page.evaluate(() => ({
        // A section's name and its count on one line: the link is as tall as the plain one (Requests).
        sectionHeights: [...document.querySelectorAll('.admin-views .nav-link')].map((a) =>
          Math.round(a.getBoundingClientRect().height),
        ),
        toolTops: [...document.querySelectorAll('.admin-tools > *')].map((e) => {
          const r = e.getBoundingClientRect();
          return Math.round(r.top + r.height / 2);
        }),
      }));
      expect(new Set(rows.sectionHeights).size, `sections at ${width} px: ${rows.sectionHeights}`).toBe(1);
      const spread = Math.max(...rows.toolTops) - Math.min(...rows.toolTops);
      expect(spread, `tools at ${width} px: ${rows.toolTops}`).toBeLessThanOrEqual(4);
    }
    // Narrower, the menu folds away: opened, nothing in it overlaps either.
    for (const width of [390, 768]) {
      await page.setViewportSize({ width, height: 800 });
      await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await expect(page.locator('#admin-nav')).toHaveClass(/show/);
      await expect.poll(() => overlapsIn(page, parts), { message: `at ${width} px` }).toEqual([]);
      await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await expect(page.locator('#admin-nav')).not.toHaveClass(/show/);
    }
  });
});
