import fs from 'node:fs';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { pagesOfRouteTable, ROUTE_TABLES } from '../../scripts/routeChunks';
import { routes } from './routes';

/** Every path the route table declares, however deep. */
function pathsOf(table: RouteObject[]): string[] {
  return table.flatMap((r) => [...(r.path ? [r.path] : []), ...pathsOf(r.children ?? [])]);
}

describe("the build's map of pages to their lazy chunks", () => {
  const pages = ROUTE_TABLES.flatMap((file) => pagesOfRouteTable(file, fs.readFileSync(file, 'utf8')));

  it('finds every page of the route table (all but the catch-all) and its module', () => {
    expect(pages.map((p) => p.path).sort()).toEqual(
      pathsOf(routes)
        .filter((p) => p !== '*')
        .sort(),
    );
    for (const page of pages) expect(fs.existsSync(`${page.module}.tsx`), page.module).toBe(true);
  });

  it('pairs each path with the import that follows it', () => {
    expect(pages).toContainEqual({ path: '/about', module: 'src/features/marketing/AboutPage' });
    expect(pages).toContainEqual({ path: '/orders', module: 'src/features/orders/OrdersPage' });
    expect(pages).toContainEqual({ path: '/requests', module: 'src/features/admin/RequestsPage' });
  });
});
