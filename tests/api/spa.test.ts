import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestApp, type TestApp } from './helpers';

// A built SPA in miniature: index.html and the build's map of page paths to their lazy chunks.
const INDEX = '<!doctype html><html><head><title>Giftwise</title>\n  </head><body><div id="root"></div></body></html>';
const ROUTE_CHUNKS = {
  '/about': ['/static/js/AboutPage.abc.chunk.js', '/static/js/Icon.def.chunk.js'],
  '/resetpass/:token': ['/static/js/ResetPasswordPage.ghi.chunk.js'],
  '/': ['/static/js/HomePage.jkl.chunk.js'],
};

let staticDir: string;
let t: TestApp;

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giftwise-spa-'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), INDEX);
  fs.mkdirSync(path.join(staticDir, '.vite'));
  fs.writeFileSync(path.join(staticDir, '.vite/route-chunks.json'), JSON.stringify(ROUTE_CHUNKS));
  t = await startTestApp({ STATIC_DIR: staticDir });
});

afterAll(async () => {
  await t.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe('the SPA document of each page', () => {
  it("names the page's own chunks as modulepreloads, revalidated on every visit", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/about' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(preloads(res.body)).toEqual(ROUTE_CHUNKS['/about']);
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('matches a trailing slash, a query and a path parameter', async () => {
    expect(preloads((await t.app.inject({ url: '/about/?from=footer' })).body)).toEqual(ROUTE_CHUNKS['/about']);
    expect(preloads((await t.app.inject({ url: '/resetpass/some-token' })).body)).toEqual(
      ROUTE_CHUNKS['/resetpass/:token'],
    );
    expect(preloads((await t.app.inject({ url: '/' })).body)).toEqual(ROUTE_CHUNKS['/']);
  });

  it('boots an unknown page with the plain index.html, and leaves API and file misses as 404s', async () => {
    const unknown = await t.app.inject({ url: '/no-such-page' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(INDEX);
    expect((await t.app.inject({ url: '/resetpass' })).body).toBe(INDEX);
    expect((await t.app.inject({ url: '/api/nothing' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/static/js/missing.js' })).statusCode).toBe(404);
  });

  it('does not serve the build map itself', async () => {
    expect((await t.app.inject({ url: '/.vite/route-chunks.json' })).statusCode).toBe(404);
  });
});
