import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

import { ROUTE_CHUNKS_FILE } from '../server/lib/routeChunksFile.ts';

/** The route tables whose lazy pages the server preloads (paths and their import() calls, in order). */
export const ROUTE_TABLES = ['src/app/routes.tsx', 'src/app/adminArea.tsx'];

/**
 * Each `path: '…'` of a route table with the modules of the `import('…')` calls after it, up to the next path, in
 * their order: what that route loads lazily (a loader's module, then the page's). Module names are resolved to
 * files under the project root, without extension.
 */
export function pagesOfRouteTable(file: string, source: string): { path: string; modules: string[] }[] {
  const pages: { path: string; modules: string[] }[] = [];
  for (const [, routePath, spec] of source.matchAll(/path:\s*'([^']+)'|import\('([^']+)'\)/g)) {
    if (routePath) pages.push({ path: routePath, modules: [] });
    else if (spec && pages.length > 0) {
      const module = spec.startsWith('@/') ? path.join('src', spec.slice(2)) : path.join(path.dirname(file), spec);
      pages[pages.length - 1].modules.push(path.normalize(module));
    }
  }
  return pages.filter((p) => p.path !== '*' && p.modules.length > 0);
}

/**
 * Writes dist/.vite/route-chunks.json: for each page path, the script files its lazy page needs beyond the entry
 * (its chunk and the chunks it imports). The server names them as modulepreloads in that page's HTML, so the
 * browser fetches them beside the entry instead of after it has run: one round trip less before the first paint.
 */
export function routeChunks(): Plugin {
  let root = process.cwd();
  return {
    name: 'giftwise-route-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const entryFiles = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => [c.fileName, ...c.imports]));
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      /** A chunk and every chunk it imports, however deep (what its import() waits for). */
      const withImports = (fileName: string, seen = new Set<string>()): Set<string> => {
        if (seen.has(fileName)) return seen;
        seen.add(fileName);
        for (const dep of byFile.get(fileName)?.imports ?? []) withImports(dep, seen);
        return seen;
      };
      const byModule = new Map(
        chunks
          .filter((c) => c.isDynamicEntry && c.facadeModuleId)
          .map((c) => [path.relative(root, c.facadeModuleId!).replace(/\.[jt]sx?$/, ''), c]),
      );
      const map: Record<string, string[]> = {};
      for (const table of ROUTE_TABLES) {
        for (const page of pagesOfRouteTable(table, fs.readFileSync(path.join(root, table), 'utf8'))) {
          const files = new Set<string>();
          for (const module of page.modules) {
            const chunk = byModule.get(module);
            if (!chunk) this.error(`${table}: no chunk for ${page.path} (${module})`);
            withImports(chunk.fileName, files);
          }
          map[page.path] = [...files].filter((f) => !entryFiles.has(f)).map((f) => `/${f}`);
        }
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_CHUNKS_FILE, source: JSON.stringify(map, null, 2) });
    },
  };
}
