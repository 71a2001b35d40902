import { afterEach, describe, expect, it, vi } from 'vitest';

import { CHUNK_TIMEOUT_MS, ChunkLoadError, chunkName, isChunkLoadError, loadChunk } from './chunks';

afterEach(() => {
  vi.useRealTimers();
});

describe('chunkName', () => {
  it('reads the chunk name from a built chunk URL, with or without the hash', () => {
    expect(
      chunkName(
        'Failed to fetch dynamically imported module: http://127.0.0.1:3104/static/js/AboutPage.JvvQDzWI.chunk.js',
      ),
    ).toBe('AboutPage');
    expect(chunkName('/static/js/AdminSignInPage.DeBpbzl-.chunk.js')).toBe('AdminSignInPage');
    expect(chunkName('./EnquiryDialog.chunk.js')).toBe('EnquiryDialog');
  });

  it('reads a source module path (dev server)', () => {
    expect(
      chunkName(
        'error loading dynamically imported module: http://localhost:5173/src/features/marketing/ContactPage.tsx',
      ),
    ).toBe('ContactPage');
  });

  it('answers undefined when there is no file in the text', () => {
    expect(chunkName('Importing a module script failed.')).toBeUndefined();
  });
});

describe('loadChunk', () => {
  it('resolves with the module when it loads', async () => {
    const module = { default: 'page' };
    await expect(loadChunk(() => Promise.resolve(module))).resolves.toBe(module);
  });

  it('turns an import failure into "Loading chunk N failed" with the URL as its reason', async () => {
    const failure = new TypeError(
      'Failed to fetch dynamically imported module: http://x.test/static/js/HomePage.CLqO_LG0.chunk.js',
    );
    const error = await loadChunk(() => Promise.reject(failure)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(error)).toBe(true);
    expect((error as ChunkLoadError).message).toBe('Loading chunk HomePage failed');
    expect((error as ChunkLoadError).chunk).toBe('HomePage');
    expect((error as ChunkLoadError).reason).toBe('(error: http://x.test/static/js/HomePage.CLqO_LG0.chunk.js)');
    expect((error as ChunkLoadError).cause).toBe(failure);
  });

  it('names the chunk from the loader when the engine does not name the file', async () => {
    const neverTrue = Math.random() > 2;
    const load = () =>
      neverTrue
        ? import('./missing/ContactPage.tsx' as string)
        : Promise.reject(new TypeError('Importing a module script failed.'));
    const error = (await loadChunk(load).catch((e: unknown) => e)) as ChunkLoadError;
    expect(error.message).toBe('Loading chunk ContactPage failed');
    expect(error.reason).toBe('(error: Importing a module script failed.)');
  });

  it('fails a chunk that has not arrived after 120000 ms, and not before', async () => {
    vi.useFakeTimers();
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    const never = () => new Promise<never>(() => undefined);
    let settled: unknown;
    loadChunk(never).catch((e: unknown) => {
      settled = e;
    });
    await vi.advanceTimersByTimeAsync(119_999);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBeInstanceOf(ChunkLoadError);
    expect((settled as ChunkLoadError).reason).toBe('(timeout: no answer after 120 s)');
    expect((settled as ChunkLoadError).message).toMatch(/^Loading chunk \S+ failed$/);
  });

  it('recognises a ChunkLoadError by name too (an error that crossed a realm)', () => {
    const e = new Error('Loading chunk 3 failed');
    e.name = 'ChunkLoadError';
    expect(isChunkLoadError(e)).toBe(true);
    expect(isChunkLoadError(new Error('other'))).toBe(false);
  });
});
