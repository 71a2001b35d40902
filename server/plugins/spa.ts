import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

import { ROUTE_CHUNKS_FILE } from '../lib/routeChunksFile';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** A page's path pattern ('/resetpass/:token') and the document that names its chunks as modulepreloads. */
interface PageDocument {
  segments: string[];
  html: string;
}

/**
 * index.html once per page of the route table, naming that page's lazy chunks (the build's route-chunks.json) as
 * modulepreloads: the browser then fetches them beside the entry script instead of after it has run. A build
 * without the map (or a page not in it) gets the plain index.html.
 */
function pageDocuments(staticDir: string): PageDocument[] {
  const mapFile = path.join(staticDir, ROUTE_CHUNKS_FILE);
  if (!fs.existsSync(mapFile)) return [];
  const index = fs.readFileSync(path.join(staticDir, 'index.html'), 'utf8');
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as Record<string, string[]>;
  return Object.entries(map).map(([pattern, files]) => ({
    segments: pattern.split('/'),
    html: index.replace(
      '</head>',
      `${files.map((f) => `  <link rel="modulepreload" crossorigin href="${f}">\n  `).join('')}</head>`,
    ),
  }));
}

/** The document of the page whose pattern matches `urlPath` (a ':name' segment matches any one segment). */
function documentFor(documents: PageDocument[], urlPath: string): string | undefined {
  const segments = (urlPath.length > 1 ? urlPath.replace(/\/+$/, '') : urlPath).split('/');
  return documents.find(
    (d) =>
      d.segments.length === segments.length &&
      d.segments.every((s, i) => (s.startsWith(':') ? segments[i] !== '' : s === segments[i])),
  )?.html;
}

/**
 * Serves the built SPA from the same origin as the API. Hashed files under /static/ never change,
 * so browsers may keep them a year; index.html must always be revalidated so a deploy shows at once.
 */
export async function registerSpa(app: FastifyInstance, staticDir: string | null): Promise<void> {
  const hasSpa = staticDir !== null && fs.existsSync(path.join(staticDir, 'index.html'));
  const documents = hasSpa ? pageDocuments(staticDir) : [];
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (scripts/precompress.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        const hashed = filePath.startsWith(path.join(staticDir, 'static') + path.sep);
        res.header('cache-control', hashed ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0];
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !urlPath.startsWith('/api/') && !path.extname(urlPath);
    if (hasSpa && isPage) {
      // Client-side routes (/orders, /profile, …) all boot the same document, with their own chunks preloaded.
      reply.header('cache-control', 'no-cache');
      const html = documentFor(documents, urlPath);
      return html ? reply.type('text/html; charset=utf-8').send(html) : reply.sendFile('index.html');
    }
    return reply.code(404).send({ success: false, error: `Not found: ${request.method} ${urlPath}` });
  });
}
