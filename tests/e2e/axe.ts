import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * What axe finds serious or critical on the page (or inside `include`), each as its rule and first few elements: the
 * one accessibility check of the browser tests.
 *
 * `colours: true` runs only the rules a theme can change (contrast, links told apart by colour): a screen's second
 * theme shares its first one's structure, names and roles, so checking those again costs an axe run for nothing.
 */
export async function seriousViolations(
  page: Page,
  { include, colours }: { include?: string; colours?: boolean } = {},
) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  if (colours) builder.withRules(['color-contrast', 'link-in-text-block']);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}
