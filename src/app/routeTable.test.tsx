import fs from 'node:fs';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { pagesOfRouteTable, ROUTE_TABLES } from '../../scripts/routeChunks';
import { routes } from './routes';

/** Every path of a page the route table declares, however deep (not a redirect: a path with only a loader). */
function pathsOf(table: RouteObject[]): string[] {
  return table.flatMap((r) => [...(r.path && (r.lazy ?? r.children) ? [r.path] : []), ...pathsOf(r.children ?? [])]);
}

describe("the build's map of pages to their lazy chunks", () => {
  const pages = ROUTE_TABLES.flatMap((file) => pagesOfRouteTable(file, fs.readFileSync(file, 'utf8')));

  it('finds every page of the route table (all but the catch-all) and its module', () => {
    expect(pages.map((p) => p.path).sort()).toEqual(
      pathsOf(routes)
        .filter((p) => p !== '*')
        .sort(),
    );
    for (const module of pages.flatMap((p) => p.modules))
      expect(fs.existsSync(`${module}.tsx`) || fs.existsSync(`${module}.ts`), module).toBe(true);
  });

  it('pairs each path with the imports that follow it, a loader before its page', () => {
    expect(pages).toContainEqual({ path: '/about', modules: ['src/features/marketing/AboutPage'] });
    expect(pages).toContainEqual({
      path: '/orders',
      modules: ['src/features/orders/ordersLoader', 'src/features/orders/OrdersPage'],
    });
    expect(pages).toContainEqual({ path: '/requests', modules: ['src/features/admin/EnquiriesPage'] });
    expect(pages).toContainEqual({ path: '/people', modules: ['src/features/people/PeoplePage'] });
    expect(pages).toContainEqual({ path: '/people/:id', modules: ['src/features/people/PersonPage'] });
    expect(pages.map((p) => p.path)).not.toContain('/occasions');
  });
});
