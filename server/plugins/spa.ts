import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves the built SPA from the same origin as the API. Hashed files under /static/ never change,
 * so browsers may keep them a year; index.html must always be revalidated so a deploy shows at once.
 */
export async function registerSpa(app: FastifyInstance, staticDir: string | null): Promise<void> {
  const hasSpa = staticDir !== null && fs.existsSync(path.join(staticDir, 'index.html'));
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
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !path.extname(request.url.split('?')[0]);
    if (hasSpa && isPage) {
      // Client-side routes (/orders, /profile, …) all boot the same document.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ success: false, error: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });
}
