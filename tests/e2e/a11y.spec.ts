import type { Page } from '@playwright/test';

import { seriousViolations } from './axe';
import { adminToken, customerToken, prepareStorage } from './public.support';
import { expect, test } from './test';

/**
 * Accessibility: axe finds no serious or critical violations on any screen, in light and in dark
 * mode. Customer screens get a freshly signed-up customer's token, admin screens an admin token.
 */
const MODES = ['light', 'dark'] as const;

const PUBLIC = ['/', '/how-it-works', '/about', '/contact', '/signin', '/signup', '/forgotpass', '/no-such-page'];
const CUSTOMER = ['/orders', '/profile', '/people'];
const ADMIN = ['/adminorders', '/requests'];

/** Opens the screen and waits until its own content (not just the shell) is there. */
async function open(page: Page, path: string, mode: (typeof MODES)[number]) {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', mode);
  await expect(page.locator('main')).not.toBeEmpty();
  await page.waitForLoadState('networkidle');
  // The screen really is the one asked for (a failed token check would have redirected).
  expect(new URL(page.url()).pathname).toBe(path);
}

/** The page's first Tab stop is the skip link, in sight once focused; Enter moves focus to the main content. */
async function expectSkipLinkFirst(page: Page) {
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
}

/**
 * Each screen checked in light mode, then in dark mode in the same test (one sign-up, one browser context): an
 * init script added later runs after the earlier one, so the second prepareStorage's theme wins on the next load.
 * The dark pass checks the colours only (see seriousViolations).
 */
async function inEachMode(
  page: Page,
  check: (mode: (typeof MODES)[number], axe: { include?: string; colours: boolean }) => Promise<void>,
) {
  for (const mode of MODES) {
    await prepareStorage(page, { theme: mode });
    await check(mode, { colours: mode !== MODES[0] });
  }
}

test.describe('axe, light and dark mode', () => {
  for (const path of PUBLIC) {
    test(`${path} has no serious or critical violations`, async ({ page }) => {
      await inEachMode(page, async (mode, axe) => {
        await open(page, path, mode);
        expect(await seriousViolations(page, axe), mode).toEqual([]);
        if (mode === 'light') await expectSkipLinkFirst(page);
      });
    });
  }

  for (const path of CUSTOMER) {
    test(`${path} (signed-in customer) has no serious or critical violations`, async ({ page, request }) => {
      await prepareStorage(page, { authtoken: await customerToken(request) });
      await inEachMode(page, async (mode, axe) => {
        await open(page, path, mode);
        expect(await seriousViolations(page, axe), mode).toEqual([]);
        if (mode === 'light') await expectSkipLinkFirst(page);
      });
    });
  }

  test('/admin (admin sign-in) has no serious or critical violations', async ({ page }) => {
    await inEachMode(page, async (mode, axe) => {
      await open(page, '/admin', mode);
      expect(await seriousViolations(page, axe), mode).toEqual([]);
      if (mode === 'light') await expectSkipLinkFirst(page);
    });
  });

  for (const path of ADMIN) {
    test(`${path} (signed-in admin) has no serious or critical violations`, async ({ page, request }) => {
      await prepareStorage(page, { authtoken_admin: await adminToken(request) });
      await inEachMode(page, async (mode, axe) => {
        await open(page, path, mode);
        expect(await seriousViolations(page, axe), mode).toEqual([]);
        if (mode === 'light') await expectSkipLinkFirst(page);
      });
    });
  }

  test('an open footer enquiry dialog has no serious or critical violations', async ({ page }) => {
    await inEachMode(page, async (mode, axe) => {
      await open(page, '/', mode);
      await page.getByRole('contentinfo').getByRole('button', { name: 'Become a Brand Partner' }).click();
      await expect(page.locator('.modal.show')).toBeVisible();
      await page.waitForTimeout(400); // let the fade-in finish so colours are final
      expect(await seriousViolations(page, { ...axe, include: '.modal' }), mode).toEqual([]);
    });
  });

  test('the phone layout with the menu open has no serious or critical violations', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await inEachMode(page, async (mode, axe) => {
      await open(page, '/', mode);
      await page.getByRole('button', { name: /toggle navigation/i }).click();
      await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
      await page.waitForTimeout(400);
      expect(await seriousViolations(page, axe), mode).toEqual([]);
    });
  });
});

test.describe('footer dialogs and the keyboard', () => {
  for (const label of ["We're Hiring", 'Become a Brand Partner', 'Support', 'Contact Us']) {
    test(`"${label}" traps focus inside the dialog and closes with Escape, returning focus`, async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const opener = page.getByRole('contentinfo').getByRole('button', { name: label });
      await opener.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);

      // Tab and Shift+Tab round the dialog several times: focus never leaves it.
      for (const key of [
        'Tab',
        'Tab',
        'Tab',
        'Tab',
        'Tab',
        'Tab',
        'Tab',
        'Shift+Tab',
        'Shift+Tab',
        'Shift+Tab',
        'Shift+Tab',
        'Shift+Tab',
        'Shift+Tab',
      ]) {
        await page.keyboard.press(key);
        expect(await dialog.evaluate((el) => el.contains(document.activeElement)), `after ${key}`).toBe(true);
      }

      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    });
  }
});
